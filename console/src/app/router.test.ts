import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MENU } from './menu';
import { ROUTES } from './router';

describe('the console’s routes', () => {
  it.each(MENU.map((entry) => [entry.label, entry.path]))(
    '%s (%s) opens a page of its own, not the 404',
    (_, path) => {
      const matched = matchRoutes(ROUTES, path) ?? [];
      const leaf = matched.at(-1)?.route;
      expect(leaf).toBeDefined();
      expect(leaf?.path).not.toBe('*');
    },
  );

  it('answers an unknown page with the 404 inside the frame', () => {
    expect(matchRoutes(ROUTES, '/nowhere')?.at(-1)?.route.path).toBe('*');
  });
});
