export function SitePlanButton() {
  return null;
}
