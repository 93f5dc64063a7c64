import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Lazy component from a module's named export (pages use named exports only). */
export function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, exportName: K): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[exportName] }));
}
