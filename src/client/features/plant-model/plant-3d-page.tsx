import { HistoryOutlined } from '@ant-design/icons';
import { OrbitControls } from '@react-three/drei';
import { Canvas, useThree } from '@react-three/fiber';
import { Alert, Button, Select, Spin, Switch, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { PerspectiveCamera, Vector2, Vector3, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { limitTypesOfTags, type AlarmType } from '../../../shared/alarms/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { PLANT_MODEL_FILE_PATH, plantModelGet } from '../../../shared/plant-model/contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { streamClient } from '../../stream/stream-client';
import { useTopic } from '../../stream/use-topic';
import { levelHex } from '../../ui/risk-level';
import { useFillHeight } from '../../ui/use-fill-height';
import { useLoad } from '../../ui/use-load';
import { useOpenAlarms } from '../../ui/use-open-alarms';
import { useRiskZones } from '../../ui/use-risk-zones';
import { NodeCard } from './node-card';
import { PlantSceneController, type AlarmMark } from './plant-scene';
import { ReplayBar } from './replay-bar';

const TAG_ALARM_TYPES: readonly AlarmType[] = [...limitTypesOfTags, 'comm'];
const HOME_CAMERA: [number, number, number] = [0, 900, 900];

/** What the page exposes for tests and benchmarks (`window.__plant3d`). */
interface Plant3dHook {
  /** Screen position (client px) of a node's centre. */
  project(node: string): { x: number; y: number } | null;
  fill(node: string): number | null;
  /** A zone node's risk tint (`#rrggbb`, null: none). */
  tint(node: string): string | null;
  /** The most urgent priority of a node's open alarms as the scene shows them (live or replayed); null: none. */
  alarm(node: string): number | null;
  markers(kind: 'person' | 'vehicle'): number;
  frames: number;
}

/** Loads the model; a plant's uploaded GLB is served from the store to signed-in users only, so it carries the token. */
function loadGltf(url: string): Promise<Object3D> {
  const loader = new GLTFLoader();
  const token = useSession.getState().accessToken;
  if (url.startsWith(PLANT_MODEL_FILE_PATH) && token) {
    loader.setRequestHeader({ Authorization: `Bearer ${token}` });
  }
  return new Promise((resolve, reject) => {
    loader.load(url, (g) => resolve(g.scene), undefined, reject);
  });
}

/** Inside the canvas: wires the controller to the renderer (on-demand frames, click picking, the test hook). */
function SceneBridge({ controller, onPick, flyTo }: { controller: PlantSceneController; onPick: (node: string | null) => void; flyTo: RefObject<((node: string | null) => void) | null> }) {
  const { camera, gl, invalidate, size } = useThree();
  const controls = useThree((s) => s.controls) as unknown as { target: Vector3; update: () => void } | null;
  const framed = useRef(false);
  const home = useRef<Vector3 | null>(null);
  // Camera bookmarks: a zone's centre seen from the south-east above, or the whole site (null).
  useEffect(() => {
    flyTo.current = (node) => {
      const target = node ? controller.centreOf(node) : new Vector3();
      if (!target) {
        return;
      }
      const box = node ? controller.sizeOf(node) : null;
      const offset = box ? new Vector3(0.2, 0.9, 0.9).multiplyScalar(Math.max(box.x, box.z, 120) * 1.1) : (home.current ?? new Vector3(0, 900, 900));
      camera.position.copy(target).add(offset);
      controls?.target.copy(target);
      controls?.update();
      camera.lookAt(target);
      invalidate();
    };
    return () => {
      flyTo.current = null;
    };
  }, [controller, camera, controls, invalidate, flyTo]);
  // The first view frames the whole site at this screen's aspect; later resizes keep the operator's view.
  useEffect(() => {
    if (framed.current || size.width === 0 || !(camera instanceof PerspectiveCamera)) {
      return;
    }
    framed.current = true;
    const vHalf = (camera.fov * Math.PI) / 360;
    const hHalf = Math.atan(Math.tan(vHalf) * (size.width / size.height));
    const site = controller.siteSize();
    const d = 1.1 * Math.max(site.x / 2 / Math.tan(hHalf), site.y / 2 / Math.tan(vHalf));
    camera.position.set(0, d * 0.72, d * 0.7);
    home.current = camera.position.clone();
    camera.lookAt(0, 0, 0);
    camera.updateProjectionMatrix();
    invalidate();
  }, [camera, size, invalidate, controller]);
  useEffect(() => {
    controller.invalidate = () => invalidate();
    const hook: Plant3dHook = {
      project(node) {
        const p = controller.project(node, camera, size.width, size.height);
        const r = gl.domElement.getBoundingClientRect();
        return p ? { x: r.left + p.x, y: r.top + p.y } : null;
      },
      fill: (node) => controller.fillOf(node),
      tint: (node) => controller.tintOf(node),
      alarm: (node) => controller.alarmOf(node)?.priority ?? null,
      markers: (kind) => controller.markerCount(kind),
      frames: 0,
    };
    (window as unknown as { __plant3d?: Plant3dHook }).__plant3d = hook;
    // A click (press and release within a few pixels) picks once; dragging orbits and picks nothing.
    let down: { x: number; y: number } | null = null;
    const el = gl.domElement;
    const handleDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY };
    };
    const handleUp = (e: PointerEvent) => {
      if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 5) {
        down = null;
        return;
      }
      down = null;
      const r = el.getBoundingClientRect();
      const ndc = new Vector2(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
      onPick(controller.pick(ndc, camera));
    };
    el.addEventListener('pointerdown', handleDown);
    el.addEventListener('pointerup', handleUp);
    invalidate();
    return () => {
      el.removeEventListener('pointerdown', handleDown);
      el.removeEventListener('pointerup', handleUp);
      controller.invalidate = () => undefined;
    };
  }, [controller, camera, gl, invalidate, size, onPick]);
  return null;
}

/** Counts rendered frames for the hook (to show that an idle scene renders none). */
function FrameCounter() {
  const { gl } = useThree();
  useEffect(() => {
    const render = gl.render.bind(gl);
    gl.render = (...args: Parameters<typeof render>) => {
      const hook = (window as unknown as { __plant3d?: Plant3dHook }).__plant3d;
      if (hook) {
        hook.frames++;
      }
      render(...args);
    };
    return () => {
      gl.render = render;
    };
  }, [gl]);
  return null;
}

/** /FactoryModel/Display: the plant in 3D, live levels, alarm colours and people. */
export function Plant3dPage() {
  const lang = useLang();
  const box = useRef<HTMLDivElement>(null);
  const height = useFillHeight(box, 24, 360);
  // The plant's current model: its own upload, else the demo plant.
  const load = useCallback(() => api(plantModelGet, {}), []);
  const { data: model, failed } = useLoad(load);
  const [controller, setController] = useState<PlantSceneController | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const fills = useRef<HTMLDivElement>(null);
  const flyTo = useRef<((node: string | null) => void) | null>(null);
  const zoneMarks = useRef<HTMLDivElement>(null);
  // The time slider holds the live data back while it replays; closing it hands the scene back.
  const [replaying, setReplaying] = useState(false);
  const [follow, setFollow] = useState(false);
  const [followed, setFollowed] = useState('');
  const canRisk = useSession((s) => s.user?.permissions.includes('risk:view') ?? false);
  const { zones: riskZones } = useRiskZones(canRisk);

  useEffect(() => {
    if (!model) {
      return undefined;
    }
    let c: PlantSceneController | null = null;
    let gone = false;
    loadGltf(model.url).then(
      (scene) => {
        if (gone) {
          return;
        }
        c = new PlantSceneController(model, scene);
        setController(c);
      },
      () => setLoadError(true),
    );
    return () => {
      gone = true;
      c?.dispose();
    };
  }, [model]);

  // Vessel fills mirrored as data attributes (no React render): what tests and screen readers read.
  useEffect(() => {
    if (!controller) {
      return;
    }
    controller.onFill = (node, share) => {
      const el = fills.current?.querySelector<HTMLElement>(`[data-node="${CSS.escape(node)}"]`);
      el?.setAttribute('data-fill', share.toFixed(3));
    };
  }, [controller]);

  // Levels straight from the stream into the scene, one frame per batch (the held values first).
  useEffect(() => {
    if (!controller || replaying) {
      return undefined;
    }
    const ids = controller.levelTags();
    const sub = streamClient()
      .tags$(ids)
      .subscribe((updates) => controller.applyLevels(updates));
    return () => sub.unsubscribe();
  }, [controller, replaying]);

  // People and vehicles: fixes written into instanced meshes (the known fixes first, again after a replay).
  useEffect(() => {
    if (controller && !replaying) {
      controller.setPositions([]);
    }
  }, [controller, replaying]);
  const live = controller && !replaying;
  useTopic(live ? 'position/person' : null, (items) => controller?.applyPositions(items));
  useTopic(live ? 'position/vehicle' : null, (items) => controller?.applyPositions(items));

  // Zones tinted by their region's live four-colour level, changed on topic `risk` without a reload.
  useEffect(() => {
    if (!controller) {
      return;
    }
    controller.applyRisk((regionid) => {
      const z = riskZones.get(regionid);
      return z ? levelHex(z.live) : null;
    });
    zoneMarks.current?.querySelectorAll<HTMLElement>('[data-node]').forEach((el) => {
      const node = el.dataset.node ?? '';
      const rid = Number(el.dataset.regionid);
      el.setAttribute('data-level', String(riskZones.get(rid)?.live ?? ''));
      el.setAttribute('data-tint', controller.tintOf(node) ?? '');
    });
  }, [controller, riskZones]);

  // Alarm colours: the open alarm list (truth) and topic `alarm` (changes), most urgent per tag.
  const alarms = useOpenAlarms(TAG_ALARM_TYPES);
  const alarmByTag = useMemo(() => {
    const m = new Map<string, AlarmMark>();
    for (const a of alarms.byId.values()) {
      const prev = m.get(a.source);
      m.set(a.source, { priority: Math.min(prev?.priority ?? 4, a.priority), unack: (prev?.unack ?? false) || a.state === 'unack' });
    }
    return m;
  }, [alarms]);
  useEffect(() => {
    if (replaying) {
      return undefined;
    }
    controller?.applyAlarms(alarmByTag);
    // Mirrored beside the fills for tests and readers: the most urgent priority of each vessel's open alarms.
    fills.current?.querySelectorAll<HTMLElement>('[data-node]').forEach((el) => {
      const mark = controller?.alarmOf(el.dataset.node ?? '');
      el.setAttribute('data-alarm', mark ? String(mark.priority) : '');
    });
    if (!controller?.blinking()) {
      return undefined;
    }
    const timer = setInterval(() => controller.blink(), 500);
    return () => clearInterval(timer);
  }, [controller, alarmByTag, replaying]);

  // Alarm-follow: an alarm raised after the switch was turned on flies the camera to its tag's node
  // (the most urgent of the new ones, then the newest).
  const followSince = useRef(0);
  useEffect(() => {
    if (!follow || !controller || replaying) {
      return;
    }
    let best: { node: string; priority: number; at: number } | null = null;
    for (const a of alarms.byId.values()) {
      const node = a.activatedAt > followSince.current ? controller.nodesOfTag(a.source)[0] : undefined;
      if (node && (!best || a.priority < best.priority || (a.priority === best.priority && a.activatedAt > best.at))) {
        best = { node, priority: a.priority, at: a.activatedAt };
      }
    }
    if (best) {
      followSince.current = best.at;
      flyTo.current?.(best.node);
      setFollowed(best.node);
    }
  }, [follow, controller, replaying, alarms]);
  const handleFollow = useCallback(
    (on: boolean) => {
      // Only alarms raised from now on are followed, by the newest time the list holds.
      followSince.current = Math.max(0, ...[...alarms.byId.values()].map((a) => a.activatedAt));
      setFollow(on);
    },
    [alarms],
  );

  const zones = useMemo(() => (model?.nodes ?? []).filter((n) => n.kind === 'zone'), [model]);
  const vessels = useMemo(() => (model?.nodes ?? []).filter((n) => n.levelTag), [model]);
  const handlePick = useCallback((node: string | null) => setPicked(node), []);
  const pickedTag = useMemo(() => {
    const b = model?.nodes.find((n) => n.node === picked);
    return b ? (b.levelTag ?? b.tags[0] ?? null) : null;
  }, [model, picked]);

  if (failed || loadError) {
    return <Alert type="error" showIcon message={renderMessage(lang, 'plantModel.noWebgl')} />;
  }
  return (
    <div ref={box} data-testid="plant3d" data-ready={controller ? '1' : '0'} data-model={model?.model ?? ''} style={{ position: 'relative', width: '100%', height, background: '#0b1620', borderRadius: 6, overflow: 'hidden' }}>
      {!controller ? (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Spin tip={renderMessage(lang, 'plantModel.loading')}>
            <div style={{ width: 120, height: 60 }} />
          </Spin>
        </div>
      ) : (
        <Canvas frameloop="demand" camera={{ position: HOME_CAMERA, fov: 45, near: 1, far: 6000 }} dpr={[1, 2]} gl={{ antialias: true, preserveDrawingBuffer: false }}>
          <color attach="background" args={['#0b1620']} />
          <ambientLight intensity={0.8} />
          <directionalLight position={[400, 800, 300]} intensity={1.6} />
          <primitive object={controller.root} />
          <OrbitControls makeDefault maxPolarAngle={Math.PI / 2.05} minDistance={30} maxDistance={4000} />
          <SceneBridge controller={controller} onPick={handlePick} flyTo={flyTo} />
          <FrameCounter />
        </Canvas>
      )}
      {controller ? (
        <Select
          size="small"
          allowClear
          placeholder={renderMessage(lang, 'plantModel.area')}
          style={{ position: 'absolute', right: 12, bottom: 10, zIndex: 1, width: 180 }}
          onChange={(node: string | undefined) => flyTo.current?.(node ?? null)}
          options={zones.map((z) => ({ value: z.node, label: lang === 'en' ? z.name_en || z.name : z.name }))}
          data-testid="plant3d-area"
        />
      ) : null}
      <div style={{ position: 'absolute', left: 12, bottom: 10, zIndex: 1, display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', pointerEvents: 'none', maxWidth: 'calc(100% - 210px)' }}>
        <Tag color="cyan">{renderMessage(lang, 'plantModel.tanks')}: {vessels.length}</Tag>
        <Tag color={alarmByTag.size ? 'red' : 'green'}>
          {renderMessage(lang, 'plantModel.openAlarms')}: {alarms.byId.size}
        </Tag>
        <Typography.Text style={{ color: '#8fa3b8', fontSize: 12 }}>{renderMessage(lang, 'plantModel.clickHint')}</Typography.Text>
      </div>
      {controller ? (
        <div style={{ position: 'absolute', right: 12, bottom: 44, zIndex: 1, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <span style={{ color: '#d6e4f0', fontSize: 12 }}>{renderMessage(lang, 'plantModel.alarmFollow')}</span>
          <Switch size="small" checked={follow} onChange={handleFollow} data-testid="plant3d-follow" data-followed={followed} />
          <Button size="small" icon={<HistoryOutlined />} onClick={() => setReplaying((r) => !r)} data-testid="plant3d-replay-open" type={replaying ? 'primary' : 'default'}>
            {renderMessage(lang, 'plantModel.replay')}
          </Button>
        </div>
      ) : null}
      {controller && replaying ? <ReplayBar controller={controller} open={alarms} onClose={() => setReplaying(false)} /> : null}
      {model && picked ? (
        <NodeCard model={model.model} node={picked} alarms={alarms} zones={riskZones} faceplateTag={pickedTag} onClose={() => setPicked(null)} />
      ) : null}
      <div ref={zoneMarks} hidden data-testid="plant3d-zones">
        {zones
          .filter((z) => z.regionid !== null)
          .map((z) => (
            <span key={z.node} data-node={z.node} data-regionid={z.regionid ?? ''} data-testid={`plant3d-zone-${z.node}`} data-level="" data-tint="" />
          ))}
      </div>
      <div ref={fills} hidden data-testid="plant3d-fills">
        {vessels.map((n) => (
          <span key={n.node} data-node={n.node} data-testid={`plant3d-fill-${n.node}`} data-fill="" />
        ))}
      </div>
    </div>
  );
}
