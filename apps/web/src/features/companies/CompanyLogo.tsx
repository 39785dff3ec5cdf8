import { Avatar } from '../../ui/Avatar.tsx';

/** The company's logo, or its initials when there is none (or it fails to load). */
export function CompanyLogo({ name, src, size = 56 }: { name: string; src: string | null; size?: number }) {
  return <Avatar name={name} src={src} size={size} className="border border-line bg-surface" />;
}
