import { useEffect, useState } from 'react';

/** The dark modules of a QR code as one SVG path, one unit per module. */
async function qrPath(text: string): Promise<{ size: number; path: string }> {
  // qrcode loads with the badge pages only.
  const { default: QRCode } = await import('qrcode');
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  let path = '';
  for (let y = 0; y < size; y += 1) for (let x = 0; x < size; x += 1) if (data[y * size + x]) path += `M${x} ${y}h1v1h-1z`;
  return { size, path };
}

/**
 * A QR code drawn as SVG (sharp at any print size), with the quiet zone scanners need around it.
 * `label` names it for screen readers; `value` is kept on the element for tests and scanner guns.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const [qr, setQr] = useState<{ value: string; size: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    void qrPath(value).then((drawn) => {
      if (live) setQr({ value, ...drawn });
    });
    return () => {
      live = false;
    };
  }, [value]);
  const quiet = 2;
  if (!qr || qr.value !== value) return <div className={className} aria-busy="true" />;
  const box = qr.size + quiet * 2;
  return (
    <svg role="img" aria-label={label} data-qr={value} data-testid="badge-qr" viewBox={`${-quiet} ${-quiet} ${box} ${box}`} shapeRendering="crispEdges" className={className}>
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#ffffff" />
      <path d={qr.path} fill="#000000" />
    </svg>
  );
}
