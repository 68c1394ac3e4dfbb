import { type SerializerFactory, SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serialize = ReturnType<ReturnType<SerializerFactory>>;

const fastifyDefault = SerializerSelector();

/** compiled response serializers, by the compiler's options and the schema's JSON text */
const compiled = new Map<string, Serialize>();

/**
 * Fastify's own response serializer (fast-json-stringify), compiled once per schema in a process instead of once
 * per app: a test file builds an app of its own, and compiling the same ~150 response schemas again was a fifth
 * of the API suite's CPU. The compiled function depends only on the schema, the shared schemas and the options,
 * which make the key, so an app with other schemas or options compiles its own.
 */
export const cachedSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = fastifyDefault(externalSchemas, options);
  const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
  return (route) => {
    const key = `${context}${JSON.stringify(route.schema)}`;
    let serialize = compiled.get(key);
    if (!serialize) {
      serialize = compile(route);
      compiled.set(key, serialize);
    }
    return serialize;
  };
};
