/** Largest model a plant may load into the binding page (bytes). */
export const MAX_GLB_BYTES = 30 * 1024 * 1024;

/** Why a file is not a usable model: message codes (plantModel.glb.*). */
export type GlbProblem = 'plantModel.glb.tooLarge' | 'plantModel.glb.notGlb' | 'plantModel.glb.badJson';

/**
 * The node names of a binary glTF (glTF 2.0 §4.4: a 12-byte header "glTF", version 2, length;
 * then chunks, the first JSON), without loading its meshes. Throws a GlbProblem code.
 */
export function glbNodeNames(bytes: Uint8Array): string[] {
  if (bytes.byteLength > MAX_GLB_BYTES) {
    throw new Error('plantModel.glb.tooLarge');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const MAGIC = 0x46546c67; // "glTF", little-endian
  const JSON_CHUNK = 0x4e4f534a; // "JSON"
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== 2 || view.getUint32(8, true) > bytes.byteLength) {
    throw new Error('plantModel.glb.notGlb');
  }
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK || 20 + length > bytes.byteLength) {
    throw new Error('plantModel.glb.notGlb');
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
  } catch {
    throw new Error('plantModel.glb.badJson');
  }
  const nodes = (json as { nodes?: unknown }).nodes;
  if (!Array.isArray(nodes)) {
    throw new Error('plantModel.glb.badJson');
  }
  return nodes.map((n) => (n as { name?: unknown }).name).filter((n): n is string => typeof n === 'string' && n.length > 0);
}
