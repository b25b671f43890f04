// The brand's mark (a mountain on the brand square): the public header's logo and the admin's sign-in
// page draw the same one. Plain SVG, no dependency: the public frame stays light.

export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className={className ?? "shrink-0"}>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path d="M6 23 L13 12 L18 19 L21 15 L26 23 Z" fill="white" />
    </svg>
  );
}
