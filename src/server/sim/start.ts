import type { Config } from '../config.js';
import { loadDemoLayout } from './plant-layout.js';
import type { SimTag } from './process-model.js';
import { type Simulator, type SimulatorLog, type SimulatorSink, createSimulator } from './simulator.js';

/**
 * Starts the simulator the configuration asks for (SIMULATOR, SIM_RATE_HZ,
 * SIM_TIME_SCALE, SIM_SEED) on the tags of the registry, with people, trucks
 * and incidents on the demo plant map when the map is there.
 */
export function startPlantSimulator(opts: {
  config: Config;
  tags: { all(): Iterable<SimTag>; version(): number };
  sink: SimulatorSink;
  log: SimulatorLog;
}): Simulator {
  const sim = createSimulator({
    layout: loadDemoLayout(),
    tags: opts.tags,
    sink: opts.sink,
    seed: opts.config.simSeed,
    rateHz: opts.config.simRateHz,
    timeScale: opts.config.simTimeScale,
    log: opts.log,
  });
  sim.start();
  return sim;
}
