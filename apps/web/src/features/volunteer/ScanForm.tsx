import { BADGE_QR_MAX } from '@lobby/contract';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';

const CameraScanner = lazy(() => import('./CameraScanner.tsx').then((m) => ({ default: m.CameraScanner })));

/**
 * A badge scan: the camera, or the code typed or pasted (a scanner gun types it and presses Enter).
 * `children` are extra fields sent with the scan (a lead's note and rating).
 */
export function ScanForm({ label, submitLabel, busy, onScan, testId, children }: { label: string; submitLabel: string; busy: boolean; onScan: (qr: string) => void; testId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value || busy) return;
    onScan(value);
    setCode('');
  };
  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      <div>
        <Button variant="secondary" onClick={() => setCamera((on) => !on)} aria-expanded={camera} data-testid="camera-toggle">
          {t(camera ? 'volunteer.camera_stop' : 'volunteer.camera_start')}
        </Button>
      </div>
      {camera ? (
        <Suspense fallback={<div className="aspect-square w-full max-w-sm animate-pulse rounded-2xl bg-surface-muted" />}>
          <CameraScanner onScan={(text) => !busy && onScan(text)} />
        </Suspense>
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field label={label} value={code} onChange={(e) => setCode(e.target.value)} maxLength={BADGE_QR_MAX} autoComplete="off" autoCapitalize="off" spellCheck={false} hint={t('volunteer.scan_hint')} data-testid="scan-code" />
        {children}
        <Button type="submit" disabled={busy || code.trim() === ''} className="self-start" data-testid="scan-submit">
          {submitLabel}
        </Button>
      </form>
    </div>
  );
}
