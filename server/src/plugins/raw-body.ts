import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { App } from '../http.ts';

/**
 * Routes in their own encapsulated plugin whose JSON parser keeps the body as the exact string received, so a
 * signature is checked over those bytes (not over a re-serialisation).
 */
export function rawBodyRoutes(app: App, routes: (scope: App) => void): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    routes(scope);
  });
}
