import { useEffect, useState, type RefObject } from 'react';

/**
 * Height from the element's top to the bottom of the window, less `reserve`
 * (pagination, page padding), at least `min`. For a virtualised table that
 * fills the page.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, reserve: number, min = 240): number {
  const [height, setHeight] = useState(min);
  useEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el || el.offsetParent === null) {
        return;
      }
      const top = el.getBoundingClientRect().top;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - reserve)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (ref.current?.parentElement) {
      observer.observe(ref.current.parentElement);
    }
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, reserve, min]);
  return height;
}
