import {
  Box3,
  type Color,
  CylinderGeometry,
  DynamicDrawUsage,
  Group,
  InstancedMesh,
  type Mesh,
  MeshStandardMaterial,
  Raycaster,
  type Vector2,
  Vector3,
  type Camera,
  type Object3D,
} from 'three';
import type { PositionTuple } from '../../../shared/contracts/channel';
import { lonLatToOffset } from '../../../shared/domain/geometry';
import type { ModelNode, PlantModel } from '../../../shared/plant-model/contracts';

/** Colours of the four alarm priorities, as numbers (the same as `ui/alarm-priority.ts`). */
const PRIORITY_COLOURS: Record<number, number> = { 1: 0xa8071a, 2: 0xd4380d, 3: 0xd48806, 4: 0x096dd9 };
const MARKER_COLOURS = { person: 0x36cfc9, vehicle: 0xfadb14 } as const;
/** A marker stands this high (metres), so a person is visible from the whole-plant view. */
const MARKER_HEIGHT = 6;

export interface AlarmMark {
  /** Most urgent priority of the node's open alarms (1 urgent … 4 low). */
  priority: number;
  /** Some alarm of the node is unacknowledged: the node blinks. */
  unack: boolean;
}

interface BoundNode {
  binding: ModelNode;
  object: Object3D;
  meshes: Mesh[];
  /** Each mesh's own material (cloned at load), with its original colour and opacity. */
  base: { material: MeshStandardMaterial; colour: Color; opacity: number }[];
  fill: Object3D | null;
  /** Share of the vessel filled, 0..1; null before the first value. */
  level: number | null;
}

/** Markers of one kind: one instanced mesh, written from typed arrays, one upload per change. */
class MarkerLayer {
  readonly mesh: InstancedMesh;
  private readonly index = new Map<string, number>();
  private capacity: number;

  constructor(
    private readonly kind: 'person' | 'vehicle',
    capacity = 1024,
  ) {
    this.capacity = capacity;
    this.mesh = this.makeMesh(capacity);
  }

  private makeMesh(capacity: number): InstancedMesh {
    const geometry = this.kind === 'person' ? new CylinderGeometry(1.4, 1.4, MARKER_HEIGHT, 10) : new CylinderGeometry(2.6, 2.6, MARKER_HEIGHT / 2, 4);
    geometry.translate(0, this.kind === 'person' ? MARKER_HEIGHT / 2 : MARKER_HEIGHT / 4, 0);
    const mesh = new InstancedMesh(geometry, new MeshStandardMaterial({ color: MARKER_COLOURS[this.kind], emissive: MARKER_COLOURS[this.kind], emissiveIntensity: 0.35 }), capacity);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.count = 0;
    mesh.frustumCulled = false;
    mesh.name = `markers:${this.kind}`;
    return mesh;
  }

  get count(): number {
    return this.index.size;
  }

  /** Forgets every marker (a replay shows only who was there at its moment). */
  clear(): void {
    this.index.clear();
    this.mesh.count = 0;
    this.mesh.instanceMatrix.needsUpdate = true;
  }

  /** Writes the fixes into the instance matrices (translation only); returns the mesh when it had to grow (the caller swaps it). */
  write(items: readonly PositionTuple[], toScene: (lon: number, lat: number) => [number, number]): InstancedMesh | null {
    let replaced: InstancedMesh | null = null;
    const needed = this.index.size + items.length;
    if (needed > this.capacity) {
      const old = this.mesh;
      let cap = this.capacity;
      while (cap < needed) {
        cap *= 2;
      }
      const next = this.makeMesh(cap);
      next.instanceMatrix.array.set(old.instanceMatrix.array);
      old.geometry.dispose();
      (this as { mesh: InstancedMesh }).mesh = next;
      this.capacity = cap;
      replaced = next;
    }
    const m = this.mesh.instanceMatrix.array;
    for (const [id, , lon, lat] of items) {
      let i = this.index.get(id);
      if (i === undefined) {
        i = this.index.size;
        this.index.set(id, i);
        // Identity rotation and scale, set once per new marker.
        m.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], i * 16);
      }
      const [x, z] = toScene(lon, lat);
      m[i * 16 + 12] = x;
      m[i * 16 + 14] = z;
    }
    this.mesh.count = this.index.size;
    this.mesh.instanceMatrix.needsUpdate = true;
    return replaced;
  }
}

/**
 * The plant scene outside React: the loaded glTF, its bound nodes, the fill
 * of each vessel, alarm colours and the people and vehicle markers. Updates
 * touch only the objects concerned and ask for one frame (`invalidate`); the
 * page renders on demand, so an idle plant costs nothing.
 */
export class PlantSceneController {
  readonly root = new Group();
  private readonly nodes = new Map<string, BoundNode>();
  /** Level tag → nodes whose fill it sets. */
  private readonly byLevelTag = new Map<string, BoundNode[]>();
  /** Any tag → nodes bound to it (for alarm colours). */
  private readonly byTag = new Map<string, BoundNode[]>();
  private readonly markers = { person: new MarkerLayer('person'), vehicle: new MarkerLayer('vehicle') };
  private readonly pickables: Object3D[] = [];
  private alarmMarks = new Map<string, AlarmMark>();
  /** Zone node → the colour of its region's live four-colour level (DOMAIN.md §6). */
  private riskTints = new Map<string, number>();
  private blinkOn = true;
  private readonly raycaster = new Raycaster();
  /** Called after any change that needs a new frame. */
  invalidate: () => void = () => undefined;
  /** Called when a vessel's fill changed (node, share 0..1): the page mirrors it for tests and readers. */
  onFill: (node: string, share: number) => void = () => undefined;

  constructor(
    private readonly model: PlantModel,
    gltfScene: Object3D,
  ) {
    this.root.add(gltfScene);
    this.root.add(this.markers.person.mesh, this.markers.vehicle.mesh);
    for (const binding of model.nodes) {
      const object = gltfScene.getObjectByName(binding.node);
      if (!object) {
        continue;
      }
      const fill = gltfScene.getObjectByName(`${binding.node}_fill`) ?? null;
      const meshes: Mesh[] = [];
      object.traverse((o) => {
        if ((o as Mesh).isMesh && o !== fill) {
          meshes.push(o as Mesh);
        }
      });
      const base = meshes.map((mesh) => {
        // Each bound mesh gets its own material, so colouring one leaves the others as they are.
        const material = (mesh.material as MeshStandardMaterial).clone();
        mesh.material = material;
        mesh.userData.node = binding.node;
        return { material, colour: material.color.clone(), opacity: material.opacity };
      });
      if (fill && binding.kind === 'sphere') {
        fill.scale.set(0.6, 0.5, 0.6);
      }
      const bound: BoundNode = { binding, object, meshes, base, fill, level: null };
      this.nodes.set(binding.node, bound);
      if (binding.kind !== 'zone') {
        this.pickables.push(...meshes);
      }
      if (binding.levelTag) {
        this.byLevelTag.set(binding.levelTag, [...(this.byLevelTag.get(binding.levelTag) ?? []), bound]);
      }
      for (const t of binding.tags) {
        this.byTag.set(t, [...(this.byTag.get(t) ?? []), bound]);
      }
      if (fill) {
        this.setFill(bound, 0);
        bound.level = null;
      }
    }
  }

  /** Extent of the site in metres (the scene's origin is its centre). */
  siteSize(): { x: number; y: number } {
    return { x: this.model.centre.x * 2, y: this.model.centre.y * 2 };
  }

  /** Tag ids whose values the scene shows (level tags). */
  levelTags(): string[] {
    return [...this.byLevelTag.keys()];
  }

  node(name: string): ModelNode | undefined {
    return this.nodes.get(name)?.binding;
  }

  /** Share filled of a vessel (null before its first value). */
  fillOf(name: string): number | null {
    return this.nodes.get(name)?.level ?? null;
  }

  private setFill(n: BoundNode, share: number) {
    const f = Math.min(1, Math.max(0, share));
    n.level = f;
    if (!n.fill) {
      return;
    }
    // The unit shape is 1 high and centred: the fill grows from the bottom (−0.5) of its vessel.
    const span = n.binding.kind === 'sphere' ? 0.8 : 0.98;
    const h = Math.max(0.002, f * span);
    n.fill.scale.y = h;
    n.fill.position.y = -span / 2 + h / 2;
    this.onFill(n.binding.node, f);
  }

  /** New values of level tags; returns how many vessels changed. */
  applyLevels(updates: readonly { tag: string; v: number; q: number }[]): number {
    let changed = 0;
    for (const u of updates) {
      for (const n of this.byLevelTag.get(u.tag) ?? []) {
        const [lo, hi] = n.binding.levelRange ?? [0, 100];
        const share = hi > lo ? (u.v - lo) / (hi - lo) : 0;
        if (n.level === null || Math.abs(share - n.level) > 1e-4) {
          this.setFill(n, share);
          changed++;
        }
      }
    }
    if (changed) {
      this.invalidate();
    }
    return changed;
  }

  /** The open alarms by tag: each bound node takes the most urgent of its tags'. */
  applyAlarms(byTag: ReadonlyMap<string, AlarmMark>): void {
    const next = new Map<string, AlarmMark>();
    for (const [tag, mark] of byTag) {
      for (const n of this.byTag.get(tag) ?? []) {
        const prev = next.get(n.binding.node);
        next.set(n.binding.node, { priority: Math.min(prev?.priority ?? 4, mark.priority), unack: (prev?.unack ?? false) || mark.unack });
      }
    }
    const touched = new Set([...this.alarmMarks.keys(), ...next.keys()]);
    this.alarmMarks = next;
    touched.forEach((name) => this.paint(name));
    this.invalidate();
  }

  /** Whether some node blinks (an unacknowledged alarm): the page then toggles `blink` twice a second. */
  blinking(): boolean {
    return [...this.alarmMarks.values()].some((m) => m.unack);
  }

  blink(): void {
    this.blinkOn = !this.blinkOn;
    for (const [name, mark] of this.alarmMarks) {
      if (mark.unack) {
        this.paint(name);
      }
    }
    this.invalidate();
  }

  alarmOf(name: string): AlarmMark | undefined {
    return this.alarmMarks.get(name);
  }

  /** The zone nodes bound to regions (region id → node name). */
  zoneNodes(): { node: string; regionid: number }[] {
    return [...this.nodes.values()].filter((n) => n.binding.kind === 'zone' && n.binding.regionid !== null).map((n) => ({ node: n.binding.node, regionid: n.binding.regionid! }));
  }

  /**
   * Tints each zone's meshes with its region's level colour (`colourOf(regionid)`: a hex colour,
   * null for none); returns the zone nodes whose tint changed. One frame for all of them.
   */
  applyRisk(colourOf: (regionid: number) => string | null): string[] {
    const changed: string[] = [];
    for (const { node, regionid } of this.zoneNodes()) {
      const hex = colourOf(regionid);
      const next = hex === null ? undefined : parseInt(hex.slice(1), 16);
      if (next !== this.riskTints.get(node)) {
        if (next === undefined) {
          this.riskTints.delete(node);
        } else {
          this.riskTints.set(node, next);
        }
        this.paint(node);
        changed.push(node);
      }
    }
    if (changed.length) {
      this.invalidate();
    }
    return changed;
  }

  /** The tint of a zone node as `#rrggbb` (null: none). */
  tintOf(name: string): string | null {
    const t = this.riskTints.get(name);
    return t === undefined ? null : `#${t.toString(16).padStart(6, '0')}`;
  }

  private paint(name: string) {
    const n = this.nodes.get(name);
    if (!n) {
      return;
    }
    const mark = this.alarmMarks.get(name);
    const lit = mark && (!mark.unack || this.blinkOn);
    for (const b of n.base) {
      if (lit) {
        b.material.color.setHex(PRIORITY_COLOURS[mark.priority] ?? PRIORITY_COLOURS[4]);
        b.material.emissive.setHex(PRIORITY_COLOURS[mark.priority] ?? PRIORITY_COLOURS[4]);
        b.material.emissiveIntensity = 0.45;
        b.material.opacity = Math.max(b.opacity, 0.7);
      } else if (this.riskTints.has(name)) {
        const tint = this.riskTints.get(name)!;
        b.material.color.setHex(tint);
        b.material.emissive.setHex(tint);
        b.material.emissiveIntensity = 0.25;
        b.material.opacity = Math.max(b.opacity, 0.55);
      } else {
        b.material.color.copy(b.colour);
        b.material.emissive.setHex(0);
        b.material.opacity = b.opacity;
      }
    }
  }

  /** Layout metres of a fix → scene x, z. */
  private readonly toScene = (lon: number, lat: number): [number, number] => {
    const [x, y] = lonLatToOffset([this.model.origin.lon, this.model.origin.lat], [lon, lat]);
    return [x - this.model.centre.x, -(y - this.model.centre.y)];
  };

  /** Replaces every marker by these fixes (a replay's moment). */
  setPositions(items: readonly PositionTuple[]): void {
    this.markers.person.clear();
    this.markers.vehicle.clear();
    this.applyPositions(items);
  }

  /** Tag → nodes bound to it (alarm-follow flies to the first). */
  nodesOfTag(tag: string): string[] {
    return (this.byTag.get(tag) ?? []).map((n) => n.binding.node);
  }

  /** Position fixes of people or vehicles. */
  applyPositions(items: readonly PositionTuple[]): void {
    for (const kind of ['person', 'vehicle'] as const) {
      const mine = items.filter((i) => (i[5] === 1) === (kind === 'vehicle'));
      if (mine.length === 0) {
        continue;
      }
      const layer = this.markers[kind];
      const old = layer.mesh;
      const replaced = layer.write(mine, this.toScene);
      if (replaced) {
        this.root.remove(old);
        this.root.add(replaced);
      }
    }
    this.invalidate();
  }

  markerCount(kind: 'person' | 'vehicle'): number {
    return this.markers[kind].count;
  }

  /** One raycast, on a click only (never on pointer moves): the bound node under the point, in normalised device coordinates. */
  pick(ndc: Vector2, camera: Camera): string | null {
    this.raycaster.setFromCamera(ndc, camera);
    const hit = this.raycaster.intersectObjects(this.pickables, false)[0];
    return hit ? (hit.object.userData.node as string) : null;
  }

  /** Centre of a node in world coordinates (for camera moves and tests). */
  centreOf(name: string): Vector3 | null {
    const n = this.nodes.get(name);
    return n ? new Box3().setFromObject(n.object).getCenter(new Vector3()) : null;
  }

  /** Size of a node's bounding box in world units. */
  sizeOf(name: string): Vector3 | null {
    const n = this.nodes.get(name);
    return n ? new Box3().setFromObject(n.object).getSize(new Vector3()) : null;
  }

  /** Screen position (CSS pixels within the canvas) of a node's centre. */
  project(name: string, camera: Camera, width: number, height: number): { x: number; y: number } | null {
    const c = this.centreOf(name);
    if (!c) {
      return null;
    }
    c.project(camera);
    return { x: ((c.x + 1) / 2) * width, y: ((1 - c.y) / 2) * height };
  }

  dispose(): void {
    this.root.traverse((o) => {
      const mesh = o as Mesh;
      if (mesh.isMesh) {
        mesh.geometry.dispose();
        (Array.isArray(mesh.material) ? mesh.material : [mesh.material]).forEach((m) => m.dispose());
      }
    });
  }
}
