import type { Company } from '@lobby/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageInput } from '../../ui/ImageInput.tsx';

/** Logo (1:1) and cover (16:9) of a saved company; the server makes the upload the company's picture at once. */
export function CompanyPictures({ company }: { company: Company | null }) {
  const { t } = useTranslation();
  const [logo, setLogo] = useState(company?.logo_url ?? null);
  const [cover, setCover] = useState(company?.cover_url ?? null);
  if (!company) return <p className="text-sm text-fg-muted">{t('companies.pictures_after_create')}</p>;
  const uploadPath = `/api/v1/companies/${company.id}/media`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ImageInput label={t('companies.logo')} value={logo} uploadPath={uploadPath} category="logo" ratios={['1:1', 'free']} onUploaded={(u) => setLogo(u.thumb_url ?? u.url)} testId="company-logo" />
      <ImageInput label={t('companies.cover')} value={cover} uploadPath={uploadPath} category="cover" ratios={['16:9', '4:3', 'free']} onUploaded={(u) => setCover(u.url)} testId="company-cover" />
    </div>
  );
}
