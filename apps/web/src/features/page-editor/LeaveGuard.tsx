// The warning on leaving the editor with unsaved changes: a dialog for navigations inside the app,
// the browser's own question for closing or reloading the tab.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Saving while the dialog is open (or the changes going away) lets the navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal title={t('page_editor.leave_title')} onClose={() => blocker.reset()} testId="leave-dialog">
      <p>{t('page_editor.leave_text')}</p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => blocker.reset()} autoFocus>
          {t('page_editor.stay')}
        </Button>
        <Button onClick={() => blocker.proceed()} data-testid="leave-confirm">
          {t('page_editor.leave')}
        </Button>
      </div>
    </Modal>
  );
}
