import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

/** How often a video frame is read: fast enough to feel instant, light on a phone's battery. */
const FRAME_MS = 200;
/** The same code read again within this time is the same scan (the badge is still in view). */
const REPEAT_MS = 3000;

/**
 * The back camera's picture, each frame read for a QR code (jsqr, loaded with the camera). A code
 * found goes to onScan once; the stream stops when the scanner goes away.
 */
export function CameraScanner({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'unavailable' | 'denied' | null>(null);
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const last = { text: '', at: 0 };
    const canvas = document.createElement('canvas');
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('unavailable');
        return;
      }
      try {
        const [media, decoder] = await Promise.all([navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }), import('jsqr')]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play().catch(() => {});
        const decode: Decode = decoder.default;
        const read = () => {
          const el = video.current;
          if (stopped || !el) return;
          if (el.videoWidth > 0) {
            canvas.width = el.videoWidth;
            canvas.height = el.videoHeight;
            const context = canvas.getContext('2d', { willReadFrequently: true });
            context?.drawImage(el, 0, 0);
            const frame = context?.getImageData(0, 0, canvas.width, canvas.height);
            const found = frame ? decode(frame.data, frame.width, frame.height) : null;
            const now = Date.now();
            if (found?.data && (found.data !== last.text || now - last.at > REPEAT_MS)) {
              last.text = found.data;
              last.at = now;
              latest.current(found.data);
            }
          }
          timer = window.setTimeout(read, FRAME_MS);
        };
        read();
      } catch (error) {
        setProblem(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable');
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (problem) return <Alert tone="error">{t(problem === 'denied' ? 'volunteer.camera_denied' : 'volunteer.camera_unavailable')}</Alert>;
  return <video ref={video} muted playsInline aria-label={t('volunteer.camera_label')} className="aspect-square w-full max-w-sm rounded-2xl bg-black object-cover" data-testid="camera" />;
}
