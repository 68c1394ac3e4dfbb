import { webUnitConfig } from './vitest.config.ts';

// The web unit tests that mock modules, each file in a module graph of its own (see vitest.config.ts).
export default webUnitConfig(true);
