/**
 * A small binary glTF 2.0 (glTF 2.0 §4.4) for tests of model uploads: one box mesh shared by
 * named nodes placed in a row, as a plant's own model would name its equipment. `json` patches
 * the JSON chunk (to make broken models); `version` sets the header's version.
 */
export function buildGlb(names: readonly string[], opts: { size?: number; version?: number; json?: (gltf: Record<string, unknown>) => void } = {}): Buffer {
  const s = (opts.size ?? 20) / 2;
  // prettier-ignore
  const positions = new Float32Array([-s, 0, -s, s, 0, -s, s, 0, s, -s, 0, s, -s, 2 * s, -s, s, 2 * s, -s, s, 2 * s, s, -s, 2 * s, s]);
  // prettier-ignore
  const indices = new Uint16Array([0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7]);
  const bin = Buffer.concat([Buffer.from(positions.buffer), Buffer.from(indices.buffer)]);
  const binPadded = Buffer.concat([bin, Buffer.alloc((4 - (bin.length % 4)) % 4)]);
  const gltf: Record<string, unknown> = {
    asset: { version: '2.0', generator: 'plantwatch tests/helpers/glb.ts' },
    scene: 0,
    scenes: [{ nodes: names.map((_n, i) => i) }],
    nodes: names.map((name, i) => ({ name, mesh: 0, translation: [(i - (names.length - 1) / 2) * s * 4, 0, 0] })),
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorFactor: [0.6, 0.65, 0.7, 1] } }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 8, type: 'VEC3', min: [-s, 0, -s], max: [s, 2 * s, s] },
      { bufferView: 1, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.byteLength, target: 34962 },
      { buffer: 0, byteOffset: positions.byteLength, byteLength: indices.byteLength, target: 34963 },
    ],
    buffers: [{ byteLength: binPadded.length }],
  };
  opts.json?.(gltf);
  const text = Buffer.from(JSON.stringify(gltf), 'utf8');
  const json = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + json.length + 8 + binPadded.length;
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(opts.version ?? 2, 4);
  header.writeUInt32LE(total, 8);
  const chunk = (type: number, body: Buffer) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(body.length, 0);
    h.writeUInt32LE(type, 4);
    return Buffer.concat([h, body]);
  };
  return Buffer.concat([header, chunk(0x4e4f534a, json), chunk(0x004e4942, binPadded)]);
}
