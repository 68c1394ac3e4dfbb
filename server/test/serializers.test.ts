import { describe, expect, it } from 'vitest';
import { cachedSerializerFactory } from '../src/plugins/serializers.ts';

const route = (schema: object) => ({ method: 'GET', url: '/x', httpStatus: '200', schema });

describe('response serializers compiled once per schema in a process', () => {
  const schema = { type: 'object', properties: { amount: { type: 'string' } } };

  it('gives a second app the function compiled for the first, for an equal schema', () => {
    const first = cachedSerializerFactory({}, {})(route(schema));
    const second = cachedSerializerFactory({}, {})(route(structuredClone(schema)));
    expect(second).toBe(first);
    expect(first({ amount: '12.30', secret: 'x' })).toBe('{"amount":"12.30"}');
  });

  it('compiles its own for another schema or other options', () => {
    const base = cachedSerializerFactory({}, {})(route(schema));
    const other = cachedSerializerFactory(
      {},
      {},
    )(route({ type: 'object', properties: { fee: { type: 'string' } } }));
    const rounded = cachedSerializerFactory({}, { rounding: 'ceil' })(route(schema));
    expect(other).not.toBe(base);
    expect(rounded).not.toBe(base);
    expect(other({ fee: '1.00', amount: '2.00' })).toBe('{"fee":"1.00"}');
  });
});
