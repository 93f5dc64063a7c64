import type { Pt, RoadFeature } from './plant-layout.js';
import { distance } from './plant-layout.js';

/**
 * The plant's roads as a graph people and trucks route on. Roads drawn as
 * separate lines are joined where they cross or where one ends on another
 * (within SNAP_M), so a map that does not share vertices still routes.
 */

/** Ends closer than this to another road are joined to it. */
const SNAP_M = 3;

interface Edge {
  to: number;
  len: number;
  /** Midpoint, to price edges in restricted regions. */
  mid: Pt;
}

export interface RoadNetwork {
  nodes: Pt[];
  /** Nearest point on any road and its distance. */
  nearest(p: Pt): { point: Pt; dist: number };
  /** Adds a node on the nearest road to p (splitting that edge) and returns its id; the same p gives the same node. */
  attach(p: Pt): number;
  /**
   * Shortest route between two nodes as a polyline; `penalty(mid)` multiplies
   * an edge's length (used to keep people out of restricted regions). Null
   * when the nodes are not connected.
   */
  route(from: number, to: number, penalty?: (mid: Pt) => number, penaltyKey?: string): Pt[] | null;
  /** Distance from p to the nearest road centre line. */
  distanceToRoad(p: Pt): number;
  /** The node exactly at p (a point of a route), if any. */
  nodeAt(p: Pt): number | undefined;
}

function projectOnSegment(p: Pt, a: Pt, b: Pt): { t: number; point: Pt; dist: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  const point = { x: a.x + t * dx, y: a.y + t * dy };
  return { t, point, dist: distance(p, point) };
}

/** Parameter along a→b where it crosses c→d, when the two segments properly cross. */
function crossing(a: Pt, b: Pt, c: Pt, d: Pt): number | null {
  const r = { x: b.x - a.x, y: b.y - a.y };
  const s = { x: d.x - c.x, y: d.y - c.y };
  const den = r.x * s.y - r.y * s.x;
  if (Math.abs(den) < 1e-9) {
    return null;
  }
  const t = ((c.x - a.x) * s.y - (c.y - a.y) * s.x) / den;
  const u = ((c.x - a.x) * r.y - (c.y - a.y) * r.x) / den;
  return t > 1e-9 && t < 1 - 1e-9 && u >= -1e-9 && u <= 1 + 1e-9 ? t : null;
}

export function buildRoadNetwork(roads: RoadFeature[]): RoadNetwork {
  const segments: [Pt, Pt][] = [];
  for (const r of roads) {
    for (let i = 1; i < r.points.length; i++) {
      if (distance(r.points[i - 1], r.points[i]) > 1e-6) {
        segments.push([r.points[i - 1], r.points[i]]);
      }
    }
  }
  // Split points along each segment: its ends, crossings, and other roads' ends lying on it.
  const cuts: number[][] = segments.map(() => [0, 1]);
  const ends = segments.flatMap(([a, b]) => [a, b]);
  for (let i = 0; i < segments.length; i++) {
    const [a, b] = segments[i];
    const minX = Math.min(a.x, b.x) - SNAP_M;
    const maxX = Math.max(a.x, b.x) + SNAP_M;
    const minY = Math.min(a.y, b.y) - SNAP_M;
    const maxY = Math.max(a.y, b.y) + SNAP_M;
    for (let j = 0; j < segments.length; j++) {
      if (i === j) {
        continue;
      }
      const [c, d] = segments[j];
      if (Math.max(c.x, d.x) < minX || Math.min(c.x, d.x) > maxX || Math.max(c.y, d.y) < minY || Math.min(c.y, d.y) > maxY) {
        continue;
      }
      const t = crossing(a, b, c, d);
      if (t !== null) {
        cuts[i].push(t);
      }
    }
    for (const e of ends) {
      if (e.x < minX || e.x > maxX || e.y < minY || e.y > maxY) {
        continue;
      }
      const pr = projectOnSegment(e, a, b);
      if (pr.dist <= SNAP_M && pr.t > 0 && pr.t < 1) {
        cuts[i].push(pr.t);
      }
    }
  }

  const nodes: Pt[] = [];
  const adj: Edge[][] = [];
  const exact = new Map<string, number>();
  const keyOf = (p: Pt) => `${p.x},${p.y}`;
  // Nodes closer than SNAP_M are one node; a coarse grid finds them quickly.
  const grid = new Map<string, number[]>();
  const cell = (v: number) => Math.floor(v / SNAP_M);
  function nodeAt(p: Pt): number {
    const cx = cell(p.x);
    const cy = cell(p.y);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const id of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (distance(nodes[id], p) <= SNAP_M) {
            return id;
          }
        }
      }
    }
    const id = nodes.length;
    nodes.push({ x: p.x, y: p.y });
    exact.set(keyOf(p), id);
    adj.push([]);
    const key = `${cx},${cy}`;
    grid.set(key, [...(grid.get(key) ?? []), id]);
    return id;
  }
  // Edges by the grid cells their bounding box covers, so finding the nearest road stays cheap on a large generated plant.
  const EDGE_CELL = 50;
  const edgeCells = new Map<string, [number, number][]>();
  const edgeCell = (v: number) => Math.floor(v / EDGE_CELL);
  function indexEdge(u: number, v: number) {
    const a = nodes[u];
    const b = nodes[v];
    for (let cx = edgeCell(Math.min(a.x, b.x)); cx <= edgeCell(Math.max(a.x, b.x)); cx++) {
      for (let cy = edgeCell(Math.min(a.y, b.y)); cy <= edgeCell(Math.max(a.y, b.y)); cy++) {
        const key = `${cx},${cy}`;
        const list = edgeCells.get(key);
        if (list) {
          list.push([u, v]);
        } else {
          edgeCells.set(key, [[u, v]]);
        }
      }
    }
  }
  function link(u: number, v: number) {
    if (u === v || adj[u].some((e) => e.to === v)) {
      return;
    }
    const len = distance(nodes[u], nodes[v]);
    const mid = { x: (nodes[u].x + nodes[v].x) / 2, y: (nodes[u].y + nodes[v].y) / 2 };
    adj[u].push({ to: v, len, mid });
    adj[v].push({ to: u, len, mid });
    indexEdge(u, v);
  }
  function unlink(u: number, v: number) {
    adj[u] = adj[u].filter((e) => e.to !== v);
    adj[v] = adj[v].filter((e) => e.to !== u);
  }
  segments.forEach(([a, b], i) => {
    const ts = [...new Set(cuts[i])].sort((x, y) => x - y);
    let prev = nodeAt(a);
    for (const t of ts.slice(1)) {
      const id = nodeAt({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
      link(prev, id);
      prev = id;
    }
  });

  // New nodes only ever appear on existing edges, so the box of the built network bounds them all.
  const bbox = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  for (const n of nodes) {
    bbox.minX = Math.min(bbox.minX, n.x);
    bbox.maxX = Math.max(bbox.maxX, n.x);
    bbox.minY = Math.min(bbox.minY, n.y);
    bbox.maxY = Math.max(bbox.maxY, n.y);
  }

  function nearestEdge(p: Pt): { u: number; v: number; t: number; point: Pt; dist: number } {
    let best = { u: -1, v: -1, t: 0, point: p, dist: Infinity };
    if (!edgeCells.size) {
      return best;
    }
    const cx = edgeCell(p.x);
    const cy = edgeCell(p.y);
    // Rings of cells outwards; once a ring's inner edge is farther than the best hit, nothing closer remains.
    const extent = Math.max(Math.abs(p.x - bbox.minX), Math.abs(p.x - bbox.maxX), Math.abs(p.y - bbox.minY), Math.abs(p.y - bbox.maxY));
    const maxR = Math.ceil(extent / EDGE_CELL) + 1;
    for (let r = 0; r <= maxR; r++) {
      if (best.dist <= (r - 1) * EDGE_CELL) {
        break;
      }
      for (let dx = -r; dx <= r; dx++) {
        for (let dy = -r; dy <= r; dy++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) {
            continue;
          }
          const list = edgeCells.get(`${cx + dx},${cy + dy}`);
          if (!list) {
            continue;
          }
          for (const [u, v] of list) {
            // Edges split by attach() stay in the index; skip them.
            if (!adj[u].some((e) => e.to === v)) {
              continue;
            }
            const pr = projectOnSegment(p, nodes[u], nodes[v]);
            if (pr.dist < best.dist || (pr.dist === best.dist && (u < best.u || (u === best.u && v < best.v)))) {
              best = { u, v, t: pr.t, point: pr.point, dist: pr.dist };
            }
          }
        }
      }
    }
    return best;
  }

  const attached = new Map<string, number>();
  const routes = new Map<string, Pt[] | null>();

  return {
    nodes,
    nearest(p) {
      const e = nearestEdge(p);
      return { point: e.point, dist: e.dist };
    },
    distanceToRoad: (p) => nearestEdge(p).dist,
    nodeAt: (p) => exact.get(keyOf(p)),
    attach(p) {
      const key = `${p.x.toFixed(2)},${p.y.toFixed(2)}`;
      const known = attached.get(key);
      if (known !== undefined) {
        return known;
      }
      const e = nearestEdge(p);
      if (e.u < 0) {
        throw new Error('road network is empty');
      }
      let id: number;
      if (distance(e.point, nodes[e.u]) <= SNAP_M) {
        id = e.u;
      } else if (distance(e.point, nodes[e.v]) <= SNAP_M) {
        id = e.v;
      } else {
        id = nodes.length;
        nodes.push(e.point);
        exact.set(keyOf(e.point), id);
        adj.push([]);
        unlink(e.u, e.v);
        link(e.u, id);
        link(id, e.v);
      }
      attached.set(key, id);
      routes.clear();
      return id;
    },
    route(from, to, penalty, penaltyKey = '') {
      const key = `${from}>${to}>${penaltyKey}`;
      const cached = routes.get(key);
      if (cached !== undefined) {
        return cached;
      }
      const dist = new Float64Array(nodes.length).fill(Infinity);
      const prev = new Int32Array(nodes.length).fill(-1);
      dist[from] = 0;
      // Binary heap of [distance, node].
      const heap: [number, number][] = [[0, from]];
      const push = (item: [number, number]) => {
        heap.push(item);
        let i = heap.length - 1;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (heap[parent][0] <= heap[i][0]) {
            break;
          }
          [heap[parent], heap[i]] = [heap[i], heap[parent]];
          i = parent;
        }
      };
      const pop = (): [number, number] => {
        const top = heap[0];
        const last = heap.pop()!;
        if (heap.length) {
          heap[0] = last;
          let i = 0;
          for (;;) {
            const l = 2 * i + 1;
            const r = l + 1;
            let m = i;
            if (l < heap.length && heap[l][0] < heap[m][0]) {
              m = l;
            }
            if (r < heap.length && heap[r][0] < heap[m][0]) {
              m = r;
            }
            if (m === i) {
              break;
            }
            [heap[m], heap[i]] = [heap[i], heap[m]];
            i = m;
          }
        }
        return top;
      };
      while (heap.length) {
        const [d, u] = pop();
        if (d > dist[u]) {
          continue;
        }
        if (u === to) {
          break;
        }
        for (const e of adj[u]) {
          const nd = d + e.len * (penalty ? penalty(e.mid) : 1);
          if (nd < dist[e.to]) {
            dist[e.to] = nd;
            prev[e.to] = u;
            push([nd, e.to]);
          }
        }
      }
      let result: Pt[] | null = null;
      if (from === to) {
        result = [nodes[from]];
      } else if (prev[to] !== -1) {
        const path: Pt[] = [];
        for (let v = to; v !== -1; v = prev[v]) {
          path.push(nodes[v]);
        }
        result = path.reverse();
      }
      routes.set(key, result);
      return result;
    },
  };
}
