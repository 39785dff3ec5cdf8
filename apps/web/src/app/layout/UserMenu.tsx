import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useMe, signOut } from '../../features/auth/session.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ButtonLink } from '../../ui/Button.tsx';

/** The avatar menu when signed in; a sign-in button otherwise. */
export function UserMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setOpen(false);
        // Keyboard users continue from the button they opened the menu with.
        button.current?.focus();
      } else if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!me) {
    if (location.pathname.startsWith('/auth/')) return null;
    return (
      <ButtonLink to={`/auth/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} variant="secondary" data-testid="sign-in-link">
        {t('auth.sign_in')}
      </ButtonLink>
    );
  }
  const name = [me.first_name, me.last_name].filter(Boolean).join(' ') || me.email;
  return (
    <div ref={root} className="relative">
      <button ref={button} type="button" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} data-testid="user-menu" onClick={() => setOpen((value) => !value)} className="rounded-2xl">
        {/* The name is the button's text, not an aria-label: the initials on show would not be part of a label. */}
        <Avatar name={name} size={40} />
        <span className="sr-only">{t('nav.account_menu', { name })}</span>
      </button>
      {open ? (
        <div id={menuId} role="menu" className="absolute right-0 top-12 z-50 w-64 rounded-2xl border border-line bg-surface p-2 shadow-lg">
          <p className="truncate px-3 py-2 text-sm font-semibold">{name}</p>
          <p className="truncate px-3 pb-2 text-xs text-fg-muted">{me.email}</p>
          {me.is_staff || me.is_organizer ? (
            <Link role="menuitem" to="/admin" className="block rounded-lg px-3 py-2 text-sm hover:bg-surface-muted" data-testid="menu-admin">
              {t('nav.admin')}
            </Link>
          ) : null}
          <Link role="menuitem" to="/profile" className="block rounded-lg px-3 py-2 text-sm hover:bg-surface-muted" data-testid="menu-profile">
            {t('shell.profile')}
          </Link>
          <Link role="menuitem" to="/profile/settings" className="block rounded-lg px-3 py-2 text-sm hover:bg-surface-muted" data-testid="menu-settings">
            {t('shell.settings')}
          </Link>
          <button role="menuitem" type="button" data-testid="sign-out" onClick={() => void signOut()} className="block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-muted">
            {t('auth.sign_out')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
