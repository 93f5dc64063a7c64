/** Largest model a plant may upload or load into the binding page (bytes). */
export const MAX_GLB_BYTES = 30 * 1024 * 1024;

/** Longest node name a binding can hold (the binding calls' `node` field). */
export const MAX_NODE_NAME = 80;

/** Why a file is not a usable model: message codes (plantModel.glb.*). */
export type GlbProblem =
  | 'plantModel.glb.tooLarge'
  | 'plantModel.glb.notGlb'
  | 'plantModel.glb.badVersion'
  | 'plantModel.glb.badJson'
  | 'plantModel.glb.noNodes'
  | 'plantModel.glb.duplicateNode'
  | 'plantModel.glb.badNodeName';

/** A refused model: `message` is the code, `params` fill its text (the node at fault). */
export class GlbError extends Error {
  constructor(
    readonly code: GlbProblem,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

/**
 * The node names of a binary glTF (glTF 2.0 §4.4: a 12-byte header "glTF", version 2, length;
 * then chunks, the first JSON), without loading its meshes. The same check runs in the binding
 * page before an upload and on the server on the upload. Bindings are by node name, so a model
 * must name its nodes, each once, within MAX_NODE_NAME. Throws a GlbError.
 */
export function glbNodeNames(bytes: Uint8Array): string[] {
  if (bytes.byteLength > MAX_GLB_BYTES) {
    throw new GlbError('plantModel.glb.tooLarge', { mb: MAX_GLB_BYTES / 1024 / 1024 });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const MAGIC = 0x46546c67; // "glTF", little-endian
  const JSON_CHUNK = 0x4e4f534a; // "JSON"
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== MAGIC) {
    throw new GlbError('plantModel.glb.notGlb');
  }
  // glTF 2.0 §4.4.2: version 2; version 1 (KHR_binary_glTF) is another format.
  if (view.getUint32(4, true) !== 2) {
    throw new GlbError('plantModel.glb.badVersion', { version: view.getUint32(4, true) });
  }
  const length = view.getUint32(12, true);
  if (view.getUint32(8, true) > bytes.byteLength || view.getUint32(16, true) !== JSON_CHUNK || 20 + length > bytes.byteLength) {
    throw new GlbError('plantModel.glb.notGlb');
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
  } catch {
    throw new GlbError('plantModel.glb.badJson');
  }
  const asset = (json as { asset?: { version?: unknown } } | null)?.asset;
  if (asset && typeof asset.version === 'string' && !asset.version.startsWith('2.')) {
    throw new GlbError('plantModel.glb.badVersion', { version: asset.version });
  }
  const nodes = (json as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) {
    throw new GlbError('plantModel.glb.badJson');
  }
  const names = nodes.map((n) => (n as { name?: unknown } | null)?.name).filter((n): n is string => typeof n === 'string' && n.length > 0);
  if (names.length === 0) {
    throw new GlbError('plantModel.glb.noNodes');
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (name.length > MAX_NODE_NAME) {
      throw new GlbError('plantModel.glb.badNodeName', { node: `${name.slice(0, 40)}…`, max: MAX_NODE_NAME });
    }
    if (seen.has(name)) {
      throw new GlbError('plantModel.glb.duplicateNode', { node: name });
    }
    seen.add(name);
  }
  return names;
}
