/** Builds the client when its sources are newer than dist/client (scripts/client-build.mjs). */
export function ensureClientBuilt(): void;
