import { Fragment, type ComponentType } from 'react';

/** A component shown in the navbar's right-hand group, before the to-do counter. */
export interface NavbarExtra {
  key: string;
  component: ComponentType;
}

const registry: NavbarExtra[] = [];

/**
 * Adds a navbar item (e.g. the live-connection indicator). Call at module load
 * from app code; a second registration with the same key replaces the first.
 */
export function registerNavbarExtra(extra: NavbarExtra): void {
  const i = registry.findIndex((e) => e.key === extra.key);
  if (i === -1) {
    registry.push(extra);
  } else {
    registry[i] = extra;
  }
}

/** The slot in the navbar where registered extras render. */
export function NavbarExtras() {
  return (
    <>
      {registry.map(({ key, component: C }) => (
        <Fragment key={key}>
          <C />
        </Fragment>
      ))}
    </>
  );
}
