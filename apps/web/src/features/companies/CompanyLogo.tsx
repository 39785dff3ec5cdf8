import { Avatar } from '../../ui/Avatar.tsx';

/** The company's logo, or its initials when there is none (or it fails to load). */
export function CompanyLogo({ name, src, size = 56 }: { name: string; src: string | null; size?: number }) {
  // The light backing only under a picture: the initials keep the brand colour they are readable on.
  return <Avatar name={name} src={src} size={size} className={src ? 'border border-line bg-surface' : 'border border-line'} />;
}
