import { describe, expect, it } from 'vitest';
import { RingBuffer } from '../../../src/client/stream/ring-buffer.js';

const points = (b: RingBuffer) => {
  const out: [number, number][] = [];
  b.forEach((t, v) => out.push([t, v]));
  return out;
};

describe('RingBuffer', () => {
  it('keeps points oldest first until full', () => {
    const b = new RingBuffer(3);
    expect(b.size).toBe(0);
    expect(b.lastTime()).toBeUndefined();
    b.push(1, 10);
    b.push(2, 20);
    expect(points(b)).toEqual([
      [1, 10],
      [2, 20],
    ]);
    expect(b.lastTime()).toBe(2);
    expect(b.lastValue()).toBe(20);
  });

  it('overwrites the oldest point when full', () => {
    const b = new RingBuffer(3);
    for (let i = 1; i <= 7; i++) {
      b.push(i, i * 10);
    }
    expect(b.size).toBe(3);
    expect(points(b)).toEqual([
      [5, 50],
      [6, 60],
      [7, 70],
    ]);
    expect(b.timeAt(0)).toBe(5);
    expect(b.valueAt(2)).toBe(70);
  });

  it('replaces the newest point', () => {
    const b = new RingBuffer(2);
    b.replaceLast(1, 1);
    expect(b.size).toBe(0);
    b.push(1, 1);
    b.push(2, 2);
    b.push(3, 3);
    b.replaceLast(4, 40);
    expect(points(b)).toEqual([
      [2, 2],
      [4, 40],
    ]);
  });

  it('pushSampled keeps one point per interval slot, the latest of the slot', () => {
    const b = new RingBuffer(10);
    b.pushSampled(1000, 1, 1000);
    b.pushSampled(1400, 2, 1000);
    b.pushSampled(1999, 3, 1000);
    b.pushSampled(2000, 4, 1000);
    b.pushSampled(2500, 5, 1000);
    expect(points(b)).toEqual([
      [1999, 3],
      [2500, 5],
    ]);
  });

  it('pushSampled drops a point older than the newest one', () => {
    const b = new RingBuffer(10);
    b.pushSampled(5000, 1, 1000);
    b.pushSampled(3000, 2, 1000);
    expect(points(b)).toEqual([[5000, 1]]);
  });

  it('extent skips non-finite values and is null when empty', () => {
    const b = new RingBuffer(4);
    expect(b.extent()).toBeNull();
    b.push(1, 5);
    b.push(2, Number.NaN);
    b.push(3, -2);
    b.push(4, 9);
    expect(b.extent()).toEqual({ min: -2, max: 9 });
    b.push(5, 100);
    expect(b.extent()).toEqual({ min: -2, max: 100 });
  });

  it('dropBefore removes the old points, also across the wrap', () => {
    const b = new RingBuffer(4);
    for (let i = 1; i <= 6; i++) {
      b.push(i * 10, i);
    }
    b.dropBefore(45);
    expect(points(b)).toEqual([
      [50, 5],
      [60, 6],
    ]);
    b.push(70, 7);
    expect(points(b)).toEqual([
      [50, 5],
      [60, 6],
      [70, 7],
    ]);
    b.dropBefore(1000);
    expect(b.size).toBe(0);
  });

  it('clear empties it', () => {
    const b = new RingBuffer(2);
    b.push(1, 1);
    b.clear();
    expect(b.size).toBe(0);
    b.push(2, 2);
    expect(points(b)).toEqual([[2, 2]]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
  });
});
