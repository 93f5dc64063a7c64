// Playwright global setup: build the client once, before the workers start their portals
// (each portal would otherwise race to build it).
import { ensureClientBuilt } from './client-build.mjs';

export default function globalSetup() {
  ensureClientBuilt();
}
