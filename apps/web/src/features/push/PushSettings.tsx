import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { isNativeShell } from '../../lib/native-shell.ts';
import { Alert } from '../../ui/Alert.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { currentSubscription, PushPermissionError, subscribeThisDevice, unsubscribeThisDevice, webPushSupported } from './device.ts';

type State = 'loading' | 'on' | 'off';

const permissionNow = (): NotificationPermission => (typeof Notification === 'undefined' ? 'default' : Notification.permission);

/**
 * "Push notifications on this device" (issue 18): on asks for permission, subscribes and registers
 * the subscription; off unregisters it. The native shell registers itself and shows no switch.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const id = useId();
  const supported = webPushSupported();
  const [state, setState] = useState<State>(supported ? 'loading' : 'off');
  /** The state asked for while it is being set (the switch shows it at once). */
  const [pending, setPending] = useState<boolean | null>(null);
  const busy = pending !== null;
  const [error, setError] = useState<string | null>(null);
  const [permission, setPermission] = useState(permissionNow);

  useEffect(() => {
    if (!supported) return undefined;
    let live = true;
    currentSubscription().then(
      (subscription) => live && setState(subscription ? 'on' : 'off'),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [supported]);

  if (isNativeShell()) return null;

  const toggle = async (on: boolean) => {
    setPending(on);
    setError(null);
    try {
      if (on) await subscribeThisDevice();
      else await unsubscribeThisDevice();
      setState(on ? 'on' : 'off');
    } catch (failure) {
      if (failure instanceof PushPermissionError) setError(t('push.permission_refused'));
      else if (failure instanceof ApiError || failure instanceof NetworkError) setError(apiErrorText(t, failure));
      else setError(t(on ? 'push.subscribe_failed' : 'push.unsubscribe_failed'));
      setState((await currentSubscription().catch(() => null)) ? 'on' : 'off');
    } finally {
      setPending(null);
      setPermission(permissionNow());
    }
  };

  const hint = !supported ? t('push.unsupported') : permission === 'denied' ? t('push.blocked') : t('push.hint');
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 sm:p-6" data-testid="push-settings">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('push.title')}
      </h2>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          className="size-5 accent-[var(--brand-solid)]"
          checked={pending ?? state === 'on'}
          aria-busy={busy}
          disabled={!supported || busy || state === 'loading' || (permission === 'denied' && state === 'off')}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void toggle(event.target.checked)}
          data-testid="push-switch"
        />
        <label htmlFor={`${id}-switch`} className="text-sm font-semibold">
          {t('push.switch')}
        </label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {hint}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}
