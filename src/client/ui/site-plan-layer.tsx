/** The plant's own site plan as the raster base layer of a plant map (filled in with the site plan). */
export function SitePlanLayer(_props: { beforeId?: string }) {
  return null;
}
