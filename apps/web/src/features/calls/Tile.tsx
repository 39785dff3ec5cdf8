import type { CallMediaState } from '@lobby/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar.tsx';
import { cn } from '../../ui/cn.ts';
import { CameraIcon, MicIcon } from './icons.tsx';

export interface TileModel {
  /** 'self', or the other page's peer id. */
  id: string;
  name: string;
  avatarUrl: string | null;
  stream: MediaStream | null;
  state: CallMediaState;
  self: boolean;
  /** The connection is not up yet (or is being mended). */
  connecting: boolean;
}

/**
 * Plays a stream in a video element. Browsers may refuse to start sound without a click on the
 * page: the picture then plays muted and the tile offers to turn the sound on.
 */
function useStream(stream: MediaStream | null, muted: boolean): { ref: RefObject<HTMLVideoElement | null>; blocked: boolean; unblock: () => void } {
  const ref = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    video.muted = muted;
    if (!stream) return;
    video.play().catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'NotAllowedError') || muted) return;
      video.muted = true;
      setBlocked(true);
      void video.play().catch(() => {});
    });
  }, [stream, muted]);
  const unblock = () => {
    const video = ref.current;
    if (!video) return;
    video.muted = false;
    void video.play().then(() => setBlocked(false), () => {});
  };
  return { ref, blocked, unblock };
}

const hasVideo = (stream: MediaStream | null): boolean => (stream?.getVideoTracks().length ?? 0) > 0;

/** One person in the call: their picture (or avatar while the camera is off), name and what is off. */
export function Tile({ tile, speaking, variant }: { tile: TileModel; speaking: boolean; variant: 'stage' | 'grid' | 'strip' | 'floating' }) {
  const { t } = useTranslation();
  const { ref, blocked, unblock } = useStream(tile.stream, tile.self);
  const showVideo = (tile.state.video || tile.state.screen) && hasVideo(tile.stream);
  const mirrored = tile.self && !tile.state.screen;
  const small = variant === 'strip' || variant === 'floating';
  return (
    <figure
      data-testid="call-tile"
      data-peer={tile.id}
      data-self={tile.self || undefined}
      data-speaking={speaking || undefined}
      data-name={tile.name}
      className={cn(
        'relative m-0 flex aspect-video min-h-0 min-w-0 items-center justify-center overflow-hidden rounded-2xl bg-neutral-800 text-white',
        speaking ? 'ring-4 ring-emerald-400' : 'ring-1 ring-white/10',
        variant === 'stage' && 'h-full w-full max-h-full',
      )}
    >
      {/* Always mounted: a camera that is off still leaves the person's voice to play. */}
      <video ref={ref} autoPlay playsInline className={cn('absolute inset-0 size-full', tile.state.screen ? 'object-contain' : 'object-cover', mirrored && '-scale-x-100', !showVideo && 'invisible')} />
      {showVideo ? null : <Avatar name={tile.name} src={tile.avatarUrl} size={small ? 40 : 88} className="rounded-full" />}
      <figcaption className={cn('absolute bottom-2 left-2 right-2 flex items-center gap-1.5', small ? 'text-xs' : 'text-sm')}>
        <span className="truncate rounded-lg bg-black/70 px-2 py-1 font-semibold">{tile.self ? t('calls.you', { name: tile.name }) : tile.name}</span>
        {tile.state.audio ? null : (
          <span role="img" aria-label={t('calls.mic_off_of', { name: tile.name })} data-testid="call-muted-audio" className="inline-flex rounded-lg bg-red-700 p-1">
            <MicIcon off className="size-4" />
          </span>
        )}
        {tile.state.video || tile.state.screen ? null : (
          <span role="img" aria-label={t('calls.camera_off_of', { name: tile.name })} data-testid="call-muted-video" className="inline-flex rounded-lg bg-black/70 p-1">
            <CameraIcon off className="size-4" />
          </span>
        )}
        {tile.connecting ? <span className="truncate rounded-lg bg-black/70 px-2 py-1">{t('calls.connecting')}</span> : null}
      </figcaption>
      {blocked ? (
        <button type="button" onClick={unblock} className="absolute right-2 top-2 min-h-11 rounded-xl bg-white px-3 text-sm font-semibold text-neutral-900">
          {t('calls.sound_on')}
        </button>
      ) : null}
    </figure>
  );
}
