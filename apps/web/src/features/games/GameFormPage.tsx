import { GAME_LINKS_MAX, GAME_PLATFORMS_MAX, routes, ZGameInput, type DictionaryName, type Game, type GameInput, type GameMediaCategory } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Group, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { ImageInput } from '../../ui/ImageInput.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText, fieldErrorsOf } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { useMe } from '../auth/session.ts';
import { NoCompany } from '../companies/NoCompany.tsx';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { gameQuery, refreshGames, uploadGamePicture } from './api.ts';
import { GameGallery, type Shot } from './GameGallery.tsx';

export const loader = signedInOnly;

interface GameValues {
  name: string;
  developer: string;
  description: string;
  budget: string;
  pitch_deck_url: string;
  build_url: string;
  video_url: string;
  gameplay_url: string;
  planned_date: string;
  development_start: string;
  release_date: string;
  platforms: number[];
  genre: string;
  engine: string;
  monetization: string;
  stage: string;
  links: { title: string; url: string }[];
}

const checkGame = contractResolver(ZGameInput);
const TEXT_FIELDS = ['name', 'developer', 'description', 'pitch_deck_url', 'build_url', 'video_url', 'gameplay_url', 'planned_date', 'development_start', 'release_date'] as const;
const FIELDS = [...TEXT_FIELDS, 'budget', 'platforms', 'genre', 'engine', 'monetization', 'stage', 'links'];

const valuesOf = (game: Game | null): GameValues => ({
  name: game?.name ?? '',
  developer: game?.developer ?? '',
  description: game?.description ?? '',
  budget: game?.budget?.toString() ?? '',
  pitch_deck_url: game?.pitch_deck_url ?? '',
  build_url: game?.build_url ?? '',
  video_url: game?.video_url ?? '',
  gameplay_url: game?.gameplay_url ?? '',
  planned_date: game?.planned_date?.slice(0, 10) ?? '',
  development_start: game?.development_start?.slice(0, 10) ?? '',
  release_date: game?.release_date?.slice(0, 10) ?? '',
  platforms: game?.platforms ?? [],
  genre: game?.genre?.toString() ?? '',
  engine: game?.engine?.toString() ?? '',
  monetization: game?.monetization?.toString() ?? '',
  stage: game?.stage?.toString() ?? '',
  links: game?.links.map((link) => ({ title: link.title, url: link.url })) ?? [],
});

const numberOrNull = (value: string) => (value === '' ? null : Number(value));
const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The body as the API takes it: empty fields are null. */
const inputOf = (v: GameValues): GameInput => ({
  name: v.name,
  developer: v.developer,
  description: v.description,
  budget: numberOrNull(v.budget),
  pitch_deck_url: textOrNull(v.pitch_deck_url),
  build_url: textOrNull(v.build_url),
  video_url: textOrNull(v.video_url),
  gameplay_url: textOrNull(v.gameplay_url),
  planned_date: textOrNull(v.planned_date),
  development_start: textOrNull(v.development_start),
  release_date: textOrNull(v.release_date),
  platforms: v.platforms,
  genre: numberOrNull(v.genre),
  engine: numberOrNull(v.engine),
  monetization: numberOrNull(v.monetization),
  stage: numberOrNull(v.stage),
  links: v.links,
});

/** A picture (icon or cover) chosen before the game exists, or whose upload failed after saving. */
interface Picture {
  url: string | null;
  file: File | null;
  error: string | null;
}

let shotKeys = 0;
const shotOfFile = (file: File): Shot => ({ key: `new-${(shotKeys += 1)}`, url: URL.createObjectURL(file), mediaId: null, file, state: 'pending' });

function DictionarySelect({ name, label, value, onChange, error }: { name: DictionaryName; label: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries();
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <option value="">{t('games.not_set')}</option>
      {dictionaries.options(name).map((o) => (
        <option key={o.value} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

function GameForm({ game }: { game: Game | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dictionaries = useDictionaries();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [gameId, setGameId] = useState<number | null>(game?.id ?? null);
  const [icon, setIcon] = useState<Picture>({ url: game?.icon_url ?? null, file: null, error: null });
  const [cover, setCover] = useState<Picture>({ url: game?.cover_url ?? null, file: null, error: null });
  const [shots, setShots] = useState<Shot[]>(() => [...(game?.screenshots ?? [])].sort((a, b) => a.position - b.position).map((m) => ({ key: `m-${m.id}`, url: m.thumb_url ?? m.url, mediaId: m.id, file: null, state: 'saved' })));
  const [galleryError, setGalleryError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<'created' | 'updated' | null>(created ? 'created' : null);
  const shotsRef = useRef(shots);
  shotsRef.current = shots;
  const form = useForm<GameValues>({ defaultValues: valuesOf(game) });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const { errors } = form.formState;
  const error = (name: string) => formErrorText(t, (form.getFieldState(name as keyof GameValues).error ?? undefined) as FieldError | undefined);

  useEffect(() => () => shotsRef.current.forEach((shot) => shot.file && URL.revokeObjectURL(shot.url)), []);

  const updateShot = (key: string, change: Partial<Shot>) => setShots((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));

  /** Uploads one screenshot of a saved game; a failure stays on the screenshot with a retry. */
  const uploadShot = async (id: number, shot: Shot): Promise<boolean> => {
    if (!shot.file) return true;
    updateShot(shot.key, { state: 'uploading' });
    try {
      const media = await uploadGamePicture(id, 'screenshot', shot.file);
      updateShot(shot.key, { state: 'saved', mediaId: media.id, error: '' });
      return true;
    } catch (problem) {
      updateShot(shot.key, { state: 'failed', error: apiErrorText(t, problem) });
      return false;
    }
  };

  /** Saves the order of the saved screenshots (the sort call takes every saved screenshot once). */
  const saveOrder = async (id: number, list: Shot[]) => {
    const ids = list.flatMap((s) => (s.state === 'saved' && s.mediaId !== null ? [s.mediaId] : []));
    if (ids.length < 2) return;
    try {
      await callApi(routes.sortGameScreenshots, { params: { id }, body: { ids } });
      setGalleryError(null);
    } catch (problem) {
      setGalleryError(t('games.order_failed', { reason: apiErrorText(t, problem) }));
    }
  };

  const uploadPicture = async (id: number, category: GameMediaCategory, picture: Picture, set: (p: Picture) => void): Promise<boolean> => {
    if (!picture.file) return true;
    try {
      const media = await uploadGamePicture(id, category, picture.file);
      set({ url: media.url, file: null, error: null });
      return true;
    } catch (problem) {
      set({ ...picture, error: apiErrorText(t, problem) });
      return false;
    }
  };

  const save = useMutation({
    mutationFn: async (input: GameInput) => {
      if (gameId !== null) return { created: false, game: (await callApi(routes.updateGame, { params: { id: gameId }, body: input })).data };
      return { created: true, game: (await callApi(routes.createGame, { body: input })).data };
    },
    onSuccess: async ({ created: isNew, game: saved }) => {
      setGameId(saved.id);
      setSavedNote(isNew ? 'created' : 'updated');
      if (isNew) {
        // The game is saved; its pictures follow one by one, and each failure is told separately.
        const results = [await uploadPicture(saved.id, 'icon', icon, setIcon), await uploadPicture(saved.id, 'cover', cover, setCover)];
        for (const shot of shotsRef.current) results.push(await uploadShot(saved.id, shot));
        await saveOrder(saved.id, shotsRef.current);
        void refreshGames();
        if (results.every(Boolean)) void navigate(`/profile/edit_game/${saved.id}`, { replace: true, state: { created: true } });
        return;
      }
      void refreshGames();
    },
    onError: (problem) => {
      for (const item of fieldErrorsOf(problem, FIELDS)) form.setError(item.name as keyof GameValues, { type: 'server', message: item.message });
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setSavedNote(null);
    const input = inputOf(values);
    const result = await checkGame(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    const found = Object.entries(result.errors) as [string, FieldError][];
    for (const [name, problem] of found) form.setError(name as keyof GameValues, { type: problem.type, message: problem.message ?? 'invalid', types: problem.types ?? {} });
    if (found.length === 0) save.mutate(input);
  });

  /** Icon and cover: uploaded at once for a saved game, held until the save for a new one. */
  const pictureUpload = (category: 'icon' | 'cover', set: (p: Picture) => void) => async (file: File, onProgress: (fraction: number) => void) => {
    if (gameId === null) {
      set({ url: URL.createObjectURL(file), file, error: null });
      return;
    }
    const media = await uploadGamePicture(gameId, category, file, onProgress);
    set({ url: media.url, file: null, error: null });
    void refreshGames();
  };

  const addShots = (files: File[]) => {
    const added = files.map(shotOfFile);
    setShots((list) => [...list, ...added]);
    if (gameId !== null) {
      void (async () => {
        for (const shot of added) await uploadShot(gameId, shot);
        await saveOrder(gameId, shotsRef.current);
        void refreshGames();
      })();
    }
  };

  const removeShot = async (shot: Shot) => {
    if (gameId !== null && shot.mediaId !== null) {
      try {
        await callApi(routes.deleteGameMedia, { params: { id: gameId, mediaId: shot.mediaId } });
        void refreshGames();
      } catch (problem) {
        setGalleryError(t('games.shot_remove_failed', { reason: apiErrorText(t, problem) }));
        return;
      }
    }
    if (shot.file) URL.revokeObjectURL(shot.url);
    setShots((list) => list.filter((s) => s.key !== shot.key));
  };

  const moveShot = (from: number, to: number) => {
    const next = [...shotsRef.current];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setShots(next);
    if (gameId !== null) void saveOrder(gameId, next);
  };

  const retryShot = async (shot: Shot) => {
    if (gameId === null) return;
    if (await uploadShot(gameId, shot)) {
      await saveOrder(gameId, shotsRef.current);
      void refreshGames();
    }
  };

  const pictureProblem = (which: 'icon' | 'cover', picture: Picture, set: (p: Picture) => void) =>
    gameId !== null && picture.error ? (
      <Alert tone="error" testId={`game-${which}-failed`}>
        <span className="flex flex-col gap-2">
          <span>{t(`games.${which}_failed`, { reason: picture.error })}</span>
          <Button variant="secondary" className="self-start" onClick={() => void uploadPicture(gameId, which, picture, set).then((ok) => {
            if (ok) void refreshGames();
          })}>
            {t('games.retry_upload')}
          </Button>
        </span>
      </Alert>
    ) : null;

  const saveError = save.error && fieldErrorsOf(save.error, FIELDS).length === 0 ? save.error : null;
  const noCompany = saveError instanceof ApiError && saveError.code === 'game.no_company';
  const failedPictures = shots.some((s) => s.state === 'failed') || icon.error !== null || cover.error !== null;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="game-form">
      {noCompany ? <NoCompany create={false} /> : saveError ? <Alert tone="error" testId="game-save-error">{t(gameId === null ? 'games.create_failed' : 'games.update_failed', { reason: apiErrorText(t, saveError) })}</Alert> : null}
      {savedNote ? (
        <Alert tone={failedPictures ? 'info' : 'success'} testId="game-saved">
          {t(savedNote === 'created' ? (failedPictures ? 'games.created_some_failed' : 'games.created') : 'games.updated')}
          {gameId !== null ? ' ' : null}
        </Alert>
      ) : null}
      {pictureProblem('icon', icon, setIcon)}
      {pictureProblem('cover', cover, setCover)}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('games.f_name')} error={error('name')} {...form.register('name')} data-testid="game-name" />
        <Field label={t('games.f_developer')} error={error('developer')} {...form.register('developer')} data-testid="game-developer" />
      </div>
      <TextareaField label={t('games.f_description')} rows={6} error={error('description')} {...form.register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageInput label={t('games.f_icon')} value={icon.url} uploadPath="" category="icon" onUploaded={() => {}} upload={pictureUpload('icon', setIcon)} errorText={(problem) => t('games.icon_failed', { reason: apiErrorText(t, problem) })} testId="game-icon" />
        <ImageInput label={t('games.f_cover')} value={cover.url} uploadPath="" category="cover" onUploaded={() => {}} upload={pictureUpload('cover', setCover)} errorText={(problem) => t('games.cover_failed', { reason: apiErrorText(t, problem) })} testId="game-cover" />
      </div>
      <GameGallery shots={shots} onAdd={addShots} onRemove={(shot) => void removeShot(shot)} onMove={moveShot} onRetry={(shot) => void retryShot(shot)} />
      {galleryError ? <Alert tone="error">{galleryError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('games.f_video_url')} inputMode="url" hint={t('games.f_video_hint')} error={error('video_url')} {...form.register('video_url')} data-testid="game-video" />
        <Field label={t('games.f_gameplay_url')} inputMode="url" error={error('gameplay_url')} {...form.register('gameplay_url')} />
        <Field label={t('games.f_pitch_deck_url')} inputMode="url" error={error('pitch_deck_url')} {...form.register('pitch_deck_url')} />
        <Field label={t('games.f_build_url')} inputMode="url" error={error('build_url')} {...form.register('build_url')} />
        <Field label={t('games.f_planned_date')} type="date" error={error('planned_date')} {...form.register('planned_date')} />
        <Field label={t('games.f_development_start')} type="date" error={error('development_start')} {...form.register('development_start')} />
        <Field label={t('games.f_release_date')} type="date" error={error('release_date')} {...form.register('release_date')} />
        <Controller control={form.control} name="budget" render={({ field }) => <DictionarySelect name="game.budget" label={t('games.f_budget')} value={field.value} onChange={field.onChange} error={error('budget')} />} />
        <Controller control={form.control} name="genre" render={({ field }) => <DictionarySelect name="game.genres" label={t('games.f_genre')} value={field.value} onChange={field.onChange} error={error('genre')} />} />
        <Controller control={form.control} name="engine" render={({ field }) => <DictionarySelect name="game.engines" label={t('games.f_engine')} value={field.value} onChange={field.onChange} error={error('engine')} />} />
        <Controller control={form.control} name="monetization" render={({ field }) => <DictionarySelect name="game.monetization" label={t('games.f_monetization')} value={field.value} onChange={field.onChange} error={error('monetization')} />} />
        <Controller control={form.control} name="stage" render={({ field }) => <DictionarySelect name="game.stages" label={t('games.f_stage')} value={field.value} onChange={field.onChange} error={error('stage')} />} />
      </div>
      <Controller
        control={form.control}
        name="platforms"
        render={({ field }) => (
          <Group legend={t('games.f_platforms', { max: GAME_PLATFORMS_MAX })}>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              {dictionaries.options('game.platforms').map((o) => {
                const id = Number(o.value);
                return <Checkbox key={o.value} label={o.label} checked={field.value.includes(id)} onChange={(e) => field.onChange(e.target.checked ? [...field.value, id] : field.value.filter((v) => v !== id))} />;
              })}
            </div>
            {errors.platforms ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error('platforms')}
              </p>
            ) : null}
          </Group>
        )}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('games.f_links', { max: GAME_LINKS_MAX })}</legend>
        {links.fields.map((item, index) => (
          <div key={item.id} className="grid items-start gap-2 rounded-2xl border border-line p-3 sm:grid-cols-[1fr_2fr_auto]">
            <Field label={t('games.f_link_title', { n: index + 1 })} error={error(`links.${index}.title`)} {...form.register(`links.${index}.title`)} />
            <Field label={t('games.f_link_url', { n: index + 1 })} inputMode="url" error={error(`links.${index}.url`)} {...form.register(`links.${index}.url`)} />
            <Button variant="ghost" className="sm:mt-7" onClick={() => links.remove(index)} aria-label={t('games.link_remove', { n: index + 1 })}>
              {t('games.remove')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" className="self-start" disabled={links.fields.length >= GAME_LINKS_MAX} onClick={() => links.append({ title: '', url: '' })}>
          {t('games.link_add')}
        </Button>
      </fieldset>
      <p className="text-sm text-fg-muted" data-testid="game-delete-note">
        {t('games.delete_note')}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending} data-testid="game-save">
          {gameId === null ? t('games.create') : t('games.save')}
        </Button>
        {save.isPending ? <span className="text-sm text-fg-muted">{t('games.saving')}</span> : null}
      </div>
    </form>
  );
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <Link to="/profile" className="self-start text-sm font-semibold text-brand-ink underline">
        {t('games.back_profile')}
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** /profile/create_game: a new game of the person's company (the "no company" message without one). */
export function CreatePage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Frame title={t('games.create_title')}>
      {!me ? <Skeleton className="h-96" /> : me.company === null ? <NoCompany create={false} /> : <GameForm game={null} />}
    </Frame>
  );
}

/** /profile/edit_game/{id}: change a game of the person's company. */
export function EditPage() {
  const { t } = useTranslation();
  const raw = useParams().id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  const query = useQuery({ ...gameQuery(id), enabled: id > 0 });
  if (id === 0) return <NotFoundPage />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  return (
    <Frame title={query.data ? t('games.edit_title', { name: query.data.data.name }) : t('games.edit_title_plain')}>
      {query.isPending ? (
        <Skeleton className="h-96" />
      ) : query.isError ? (
        <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : !query.data.data.can_edit ? (
        <EmptyState title={t('games.cannot_edit_title')} text={t('api.game_forbidden')} />
      ) : (
        <GameForm key={query.data.data.id} game={query.data.data} />
      )}
    </Frame>
  );
}

export const Component = CreatePage;
