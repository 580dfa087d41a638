/**
 * A QR code drawn from its modules (the server encodes it: no library and no
 * third-party service in the browser). Dark on white whatever the colour
 * mode, with a quiet zone, as cameras read it best.
 */
export function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  const quiet = 2;
  const box = size + quiet * 2;
  return (
    <svg
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      role="img"
      aria-label={label}
      className="size-48 rounded-lg border bg-white p-1 sm:size-52"
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
