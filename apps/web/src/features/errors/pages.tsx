import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { ErrorScreen } from './ErrorScreen.tsx';

function HomeLink() {
  const { t } = useTranslation();
  return (
    <ButtonLink to="/" variant="secondary">
      {t('errors.go_home')}
    </ButtonLink>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorScreen testId="error-404" illustration={404} title={t('errors.not_found_title')} text={t('errors.not_found_text')} actions={<HomeLink />} />;
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <ErrorScreen testId="error-403" illustration={403} title={t('errors.forbidden_title')} text={t('errors.forbidden_text')} actions={<HomeLink />} />;
}

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return <ErrorScreen testId="error-401" illustration={401} title={t('errors.unauthorized_title')} text={t('errors.unauthorized_text')} actions={<HomeLink />} />;
}

/** An error where trying again may help: retry re-navigates, or go to the start page. */
function RetryableError({ testId, kind }: { testId: string; kind: 'server_error' | 'unknown' }) {
  const { t } = useTranslation();
  const again = useRenavigate();
  return (
    <ErrorScreen
      testId={testId}
      illustration={500}
      title={t(`errors.${kind}_title`)}
      text={t(`errors.${kind}_text`)}
      actions={
        <>
          <Button onClick={again}>{t('errors.retry')}</Button>
          <HomeLink />
        </>
      }
    />
  );
}

/** 500 and server-error: the server failed. */
export const ServerErrorPage = () => <RetryableError testId="error-500" kind="server_error" />;

export const UnknownErrorPage = () => <RetryableError testId="error-unknown" kind="unknown" />;

/** Routes of the guest error pages; re-navigating to them would only show them again. */
export const STANDALONE_ERROR_PATHS = ['/forbidden', '/error', '/server-error', '/network-error'];

/** Navigates again to where the person wanted to go: `?from=` on the standalone page, else the current path. */
function useRenavigate(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  return () => {
    const from = params.get('from');
    const current = `${location.pathname}${location.search}${location.hash}`;
    const target = from?.startsWith('/') && !from.startsWith('//') ? from : STANDALONE_ERROR_PATHS.includes(location.pathname) ? '/' : current;
    void navigate(target, { replace: true });
  };
}

/** Network-error screen: title, text and a button that re-navigates to the current path. */
export function NetworkErrorPage() {
  const { t } = useTranslation();
  const again = useRenavigate();
  return (
    <ErrorScreen
      testId="error-network"
      illustration="offline"
      title={t('errors.no_network_title')}
      text={t('errors.no_network_text')}
      actions={<Button onClick={again}>{t('errors.no_network_button')}</Button>}
    />
  );
}
