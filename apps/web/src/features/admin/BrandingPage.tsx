import { BRANDING_PLACES, routes, type BrandingGroup } from '@lobby/contract';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { adminEventQuery } from './queries.ts';

interface BannerValues {
  items: { place: BrandingGroup['place']; image_url: string; link_url: string; title: string }[];
}

/** /admin/events/{id}/branding: sponsor and partner banners by place. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const { data } = useSuspenseQuery(adminEventQuery(eventId));
  const form = useForm<BannerValues>({
    defaultValues: { items: data.data.brandings.map((b) => ({ place: b.place_id, image_url: b.image_url, link_url: b.link_url ?? '', title: b.title })) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' });
  const save = useMutation({
    mutationFn: (values: BannerValues) =>
      callApi(routes.adminSetBrandings, {
        params: { id: eventId },
        body: { items: values.items.map((item) => ({ place: item.place, image_url: item.image_url.trim(), link_url: item.link_url.trim() || null, title: item.title.trim() })) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminEventQuery(eventId).queryKey }),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">{t('admin.branding_text')}</p>
      {save.isSuccess ? <Alert tone="success">{t('admin.saved')}</Alert> : null}
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {fields.map((field, index) => (
        <div key={field.id} className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[160px_1fr_1fr_1fr_auto] sm:items-end">
          <SelectField label={t('admin.b_place')} {...form.register(`items.${index}.place`)}>
            {BRANDING_PLACES.map((place) => (
              <option key={place} value={place}>
                {t(`admin.place_${place}`)}
              </option>
            ))}
          </SelectField>
          <Field label={t('admin.b_image')} {...form.register(`items.${index}.image_url`)} />
          <Field label={t('admin.b_link')} {...form.register(`items.${index}.link_url`)} />
          <Field label={t('admin.b_title')} {...form.register(`items.${index}.title`)} />
          <Button variant="ghost" onClick={() => remove(index)}>
            {t('admin.remove')}
          </Button>
        </div>
      ))}
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => append({ place: 'home_top', image_url: '', link_url: '', title: '' })}>
          {t('admin.b_add')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('admin.save')}
        </Button>
      </div>
    </form>
  );
}
