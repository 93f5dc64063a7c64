/** The Plantwatch mark: a shield over a plant outline. */
export function Logo({ size = 28, color = '#fff' }: { size?: number; color?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 2 4 6.5v8.2C4 22.3 9.2 28.3 16 30c6.8-1.7 12-7.7 12-15.3V6.5L16 2Z" fill="none" stroke={color} strokeWidth="2.2" />
      <path d="M9 22v-6l3.5 2.4V16l3.5 2.4V12h2.5v10H9Z" fill={color} />
      <rect x="19.5" y="9" width="2.6" height="13" fill={color} />
    </svg>
  );
}
