import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A Vitest sequencer that starts the named files first, in the order given (the longest measured first), and the
 * rest in Vitest's own order. A fresh clone (CI) has no record of how long each file took, and Vitest then starts
 * the larger files first: a small file that mostly waits (a server process starting and stopping, a fault injected,
 * a long journey in the browser) started last and was the run's tail while the other workers sat idle.
 */
export function slowFirst(files: readonly string[]): typeof BaseSequencer {
  const rank = (spec: TestSpecification) => {
    const index = files.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
    return index < 0 ? files.length : index;
  };
  return class SlowFirst extends BaseSequencer {
    override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(specs);
      return sorted
        .map((spec, index) => ({ spec, index, rank: rank(spec) }))
        .sort((a, b) => a.rank - b.rank || a.index - b.index)
        .map(({ spec }) => spec);
    }
  };
}
