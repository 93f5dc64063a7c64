import fs from 'node:fs';
import { PerspectiveCamera, Vector2, type InstancedMesh, type Mesh, type MeshStandardMaterial, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlantSceneController } from '../../../../src/client/features/plant-model/plant-scene.js';
import { offsetToLonLat } from '../../../../src/shared/domain/geometry.js';
import type { PlantModel } from '../../../../src/shared/plant-model/contracts.js';

interface BindingsFile {
  model: string;
  name: string;
  name_en: string;
  file: string;
  origin: { lon: number; lat: number };
  centre_m: { x: number; y: number };
  nodes: { node: string; kind: string; name: string; name_en: string; region: string; tags: string[]; levelTag?: string; levelRange?: [number, number]; equipment?: string }[];
}

/* The scene controller of /FactoryModel/Display on the generated model, without a renderer: what each live update changes. */
describe('plant scene controller', () => {
  let model: PlantModel;
  let scene: Object3D;

  beforeAll(async () => {
    const b = JSON.parse(fs.readFileSync('models/demo-plant.bindings.json', 'utf8')) as BindingsFile;
    model = {
      model: b.model,
      name: b.name,
      name_en: b.name_en,
      url: `/models/${b.file}`,
      origin: b.origin,
      centre: b.centre_m,
      problems: { unknownTags: [], unknownRegions: [] },
      unboundNodes: [],
      missingNodes: [],
      unboundTags: [],
      uploaded: null,
      // Each zone plate on a region of its own (100 + its index), every other node on region 1.
      nodes: b.nodes.map((n, i) => ({ ...n, regionid: n.kind === 'zone' ? 100 + i : 1, levelTag: n.levelTag ?? null, levelRange: n.levelRange ?? null, equipment: n.equipment ?? null })),
    };
    const buf = fs.readFileSync('models/demo-plant.glb');
    const gltf = await new GLTFLoader().parseAsync(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength), '');
    scene = gltf.scene;
  });

  it('a level sample sets its vessel’s fill (share of the range) and asks for one frame; other tags change nothing', () => {
    const c = new PlantSceneController(model, scene.clone());
    let frames = 0;
    const fills: [string, number][] = [];
    c.invalidate = () => frames++;
    c.onFill = (node, share) => fills.push([node, share]);
    expect(c.levelTags()).toContain('TF-A.TK-101.LT');
    expect(c.applyLevels([{ tag: 'TF-A.TK-101.LT', v: 17.8 / 4, q: 0 }])).toBe(1);
    expect(c.fillOf('TK-101')).toBeCloseTo(0.25, 6);
    expect(fills).toEqual([['TK-101', 0.25]]);
    expect(frames).toBe(1);
    const fill = c.root.getObjectByName('TK-101_fill')!;
    expect(fill.scale.y).toBeCloseTo(0.245, 6);
    expect(c.applyLevels([{ tag: 'TF-A.TK-101.TT', v: 30, q: 0 }])).toBe(0);
    expect(c.applyLevels([{ tag: 'TF-A.TK-101.LT', v: 99, q: 0 }])).toBe(1);
    expect(c.fillOf('TK-101')).toBe(1);
    expect(frames).toBe(2);
  });

  it('an open alarm on any of a node’s tags colours that node only, by the most urgent priority; it clears with the alarm', () => {
    const c = new PlantSceneController(model, scene.clone());
    const shell = () => (c.root.getObjectByName('TK-101') as Mesh).material as MeshStandardMaterial;
    const other = () => (c.root.getObjectByName('TK-102') as Mesh).material as MeshStandardMaterial;
    const before = shell().color.getHex();
    c.applyAlarms(
      new Map([
        ['TF-A.TK-101.TT', { priority: 3, unack: false }],
        ['TF-A.TK-101.LT', { priority: 1, unack: true }],
      ]),
    );
    expect(c.alarmOf('TK-101')).toEqual({ priority: 1, unack: true });
    expect(shell().color.getHex()).toBe(0xa8071a);
    expect(other().color.getHex()).toBe(before);
    expect(c.blinking()).toBe(true);
    c.blink();
    expect(shell().color.getHex()).toBe(before);
    c.applyAlarms(new Map());
    expect(c.alarmOf('TK-101')).toBeUndefined();
    expect(shell().color.getHex()).toBe(before);
  });

  it('people become instances of one mesh at their place; a known card moves, more cards grow the mesh', () => {
    const c = new PlantSceneController(model, scene.clone());
    const at = (x: number, y: number) => offsetToLonLat([model.origin.lon, model.origin.lat], x, y);
    const fix = (id: string, x: number, y: number): [string, number, number, number, null, 0] => [id, 1, ...at(x, y), null, 0];
    c.applyPositions([fix('A', 750, 500), fix('B', 100, 200)]);
    expect(c.markerCount('person')).toBe(2);
    const mesh = () => c.root.getObjectByName('markers:person') as InstancedMesh;
    const m = mesh().instanceMatrix.array;
    expect([m[12], m[14]].map((v) => Math.round(v) + 0)).toEqual([0, 0]);
    expect([m[16 + 12], m[16 + 14]].map((v) => Math.round(v))).toEqual([-650, 300]);
    c.applyPositions([fix('A', 760, 500)]);
    expect(c.markerCount('person')).toBe(2);
    expect(Math.round(mesh().instanceMatrix.array[12])).toBe(10);
    c.applyPositions(Array.from({ length: 3000 }, (_, i) => fix(`P${i}`, i % 1500, 500)));
    expect(c.markerCount('person')).toBe(3002);
    expect(mesh().count).toBe(3002);
    expect(Math.round(mesh().instanceMatrix.array[12])).toBe(10);
  });

  it('a click picks the node under it with one raycast', () => {
    const c = new PlantSceneController(model, scene.clone());
    const camera = new PerspectiveCamera(45, 1, 1, 6000);
    const target = c.centreOf('TK-101')!;
    camera.position.set(target.x, target.y + 300, target.z + 1);
    camera.lookAt(target);
    camera.updateMatrixWorld();
    c.root.updateMatrixWorld(true);
    expect(c.pick(new Vector2(0, 0), camera)).toBe('TK-101');
    expect(c.pick(new Vector2(0.99, 0.99), camera)).toBeNull();
  });

  it('a zone is tinted by its region’s level colour, alone, in one frame; an alarm colour wins over the tint; no level clears it', () => {
    const c = new PlantSceneController(model, scene.clone());
    let frames = 0;
    c.invalidate = () => frames++;
    const zones = c.zoneNodes();
    expect(zones.length).toBeGreaterThan(3);
    const [a, b] = zones;
    const plate = (node: string) => {
      let m: MeshStandardMaterial | null = null;
      c.root.getObjectByName(node)!.traverse((o) => {
        m ??= (o as Mesh).isMesh ? ((o as Mesh).material as MeshStandardMaterial) : null;
      });
      return m!;
    };
    const before = plate(b.node).color.getHex();
    const beforeA = plate(a.node).color.getHex();
    expect(c.applyRisk((rid) => (rid === a.regionid ? '#ff0000' : null))).toEqual([a.node]);
    expect(frames).toBe(1);
    expect(c.tintOf(a.node)).toBe('#ff0000');
    expect(plate(a.node).color.getHex()).toBe(0xff0000);
    expect(plate(b.node).color.getHex()).toBe(before);
    // The same levels again: nothing to draw.
    expect(c.applyRisk((rid) => (rid === a.regionid ? '#ff0000' : null))).toEqual([]);
    expect(frames).toBe(1);
    expect(c.applyRisk((rid) => (rid === a.regionid ? '#ffff00' : null))).toEqual([a.node]);
    expect(plate(a.node).color.getHex()).toBe(0xffff00);
    expect(c.applyRisk(() => null)).toEqual([a.node]);
    expect(c.tintOf(a.node)).toBeNull();
    expect(plate(a.node).color.getHex()).toBe(beforeA);
  });

  it('a replay moment replaces every marker; who is not in it is gone', () => {
    const c = new PlantSceneController(model, scene.clone());
    const at = (x: number, y: number) => offsetToLonLat([model.origin.lon, model.origin.lat], x, y);
    c.applyPositions([['P1', 1, ...at(100, 100), null, 0], ['P2', 1, ...at(200, 100), null, 0], ['V1', 1, ...at(300, 100), null, 1]]);
    expect(c.markerCount('person')).toBe(2);
    c.setPositions([['P2', 2, ...at(210, 100), null, 0]]);
    expect(c.markerCount('person')).toBe(1);
    expect(c.markerCount('vehicle')).toBe(0);
    const mesh = c.root.getObjectByName('markers:person') as InstancedMesh;
    expect(mesh.count).toBe(1);
    expect(mesh.instanceMatrix.array[12]).toBeCloseTo(210 - model.centre.x, 0);
  });
});
