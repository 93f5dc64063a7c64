export function GeoJsonButtons(_props: { parentid: number; canManage: boolean; onImported: () => void }) {
  return null;
}
