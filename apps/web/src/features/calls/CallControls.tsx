import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { SelectField } from '../../ui/Controls.tsx';
import { CameraIcon, DevicesIcon, HangUpIcon, MicIcon, ScreenIcon } from './icons.tsx';
import type { LocalState } from './local-media.ts';
import { canShareScreen, deviceOf, listDevices, openScreen, openTrack, type Devices } from './media.ts';
import { readDevices, saveDevices } from './prefs.ts';
import type { CallSession } from './session.ts';

const controlClass = (on: boolean, danger = false) =>
  cn(
    'inline-flex min-h-12 min-w-12 flex-col items-center justify-center gap-0.5 rounded-2xl px-2 text-xs font-semibold transition-colors sm:min-w-20 sm:px-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-50',
    danger ? 'bg-red-700 text-white hover:bg-red-800' : on ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-white text-neutral-900 hover:bg-neutral-200',
  );

function Toggle({ pressed, label, icon, disabled, onClick, testId }: { pressed: boolean; label: string; icon: ReactNode; disabled?: boolean; onClick: () => void; testId: string }) {
  return (
    <button type="button" aria-pressed={pressed} disabled={disabled} onClick={onClick} className={controlClass(pressed)} data-testid={testId}>
      {icon}
      <span className="hidden sm:inline">{label}</span>
      <span className="sr-only sm:hidden">{label}</span>
    </button>
  );
}

/** The camera and microphone to use: chosen from the devices the browser lists, kept for next time. */
function DevicePicker({ session, id }: { session: CallSession; id: string }) {
  const { t } = useTranslation();
  const [devices, setDevices] = useState<Devices>({ audio: [], video: [] });
  const [chosen, setChosen] = useState(() => readDevices());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () => void listDevices().then((list) => live && setDevices(list), () => {});
    load();
    navigator.mediaDevices?.addEventListener?.('devicechange', load);
    return () => {
      live = false;
      navigator.mediaDevices?.removeEventListener?.('devicechange', load);
    };
  }, []);
  const local = session.getSnapshot().local.stream;
  const current = (kind: 'audio' | 'video') => chosen[kind] ?? deviceOf((kind === 'audio' ? local?.getAudioTracks() : local?.getVideoTracks())?.[0] ?? null) ?? '';
  const pick = async (kind: 'audio' | 'video', deviceId: string) => {
    setBusy(true);
    try {
      const track = await openTrack(kind, deviceId);
      if (!track) return;
      await session.switchDevice(kind, track);
      const next = { ...chosen, [kind]: deviceId };
      setChosen(next);
      saveDevices(next);
    } finally {
      setBusy(false);
    }
  };
  const label = (device: MediaDeviceInfo, index: number, kind: 'audio' | 'video') => device.label || t(kind === 'audio' ? 'calls.microphone_n' : 'calls.camera_n', { n: index + 1 });
  return (
    <div id={id} className="absolute bottom-full left-1/2 z-10 mb-2 flex w-[min(22rem,calc(100vw-1rem))] -translate-x-1/2 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 text-fg shadow-2xl" data-testid="call-devices">
      <SelectField label={t('calls.camera')} value={current('video')} disabled={busy || devices.video.length === 0} onChange={(event) => void pick('video', event.target.value)}>
        {devices.video.length === 0 ? <option value="">{t('calls.no_devices')}</option> : null}
        {devices.video.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {label(device, index, 'video')}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('calls.microphone')} value={current('audio')} disabled={busy || devices.audio.length === 0} onChange={(event) => void pick('audio', event.target.value)}>
        {devices.audio.length === 0 ? <option value="">{t('calls.no_devices')}</option> : null}
        {devices.audio.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {label(device, index, 'audio')}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/**
 * The controls under a call: microphone, camera, screen sharing, devices and hang up. `extra` takes
 * what only some people have (the group call's Record control for those who may record).
 */
export function CallControls({ session, local, onHangUp, hangUpLabel, extra }: { session: CallSession; local: LocalState; onHangUp: () => void; hangUpLabel: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const [devicesOpen, setDevicesOpen] = useState(false);
  const pickerId = useId();
  const share = async () => {
    if (local.screen) return session.stopSharing();
    const track = await openScreen();
    if (track) await session.shareScreen(track);
  };
  return (
    <div
      role="toolbar"
      aria-label={t('calls.controls')}
      className="relative flex flex-wrap items-center justify-center gap-2 px-2 py-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && devicesOpen) setDevicesOpen(false);
      }}
    >
      <Toggle testId="call-mic" pressed={local.audio} disabled={!local.hasAudio} label={t('calls.microphone')} icon={<MicIcon off={!local.audio} />} onClick={() => session.setEnabled('audio', !local.audio)} />
      <Toggle testId="call-camera" pressed={local.video} disabled={!local.hasVideo} label={t('calls.camera')} icon={<CameraIcon off={!local.video} />} onClick={() => session.setEnabled('video', !local.video)} />
      {canShareScreen() ? <Toggle testId="call-screen" pressed={local.screen} label={t('calls.share_screen')} icon={<ScreenIcon />} onClick={() => void share()} /> : null}
      {/* The picker opens over the whole toolbar's middle, so it fits a phone's width. */}
      <div>
        <button type="button" aria-expanded={devicesOpen} aria-controls={devicesOpen ? pickerId : undefined} onClick={() => setDevicesOpen((open) => !open)} className={controlClass(true)} data-testid="call-devices-toggle">
          <DevicesIcon />
          <span className="hidden sm:inline">{t('calls.devices')}</span>
          <span className="sr-only sm:hidden">{t('calls.devices')}</span>
        </button>
        {devicesOpen ? <DevicePicker session={session} id={pickerId} /> : null}
      </div>
      {extra}
      <button type="button" onClick={onHangUp} className={controlClass(false, true)} data-testid="call-hang-up">
        <HangUpIcon />
        <span className="hidden sm:inline">{hangUpLabel}</span>
        <span className="sr-only sm:hidden">{hangUpLabel}</span>
      </button>
    </div>
  );
}
