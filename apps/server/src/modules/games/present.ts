// How games read in the API: signed picture addresses, calendar dates as YYYY-MM-DD, the trailer's fixed player.
import type { Game, GameCard, GameMedia, GameMediaCategory } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import { trailerEmbedUrl } from './policy.ts';
import type { CompanyBrief, GameRow, MediaRow } from './repo.ts';

export const presentMedia = (row: MediaRow, files: FileUrls): GameMedia => ({
  id: row.id,
  category: row.category as GameMediaCategory,
  url: files.url(row.storageKey ?? row.url) ?? row.url,
  thumb_url: files.url(row.thumbStorageKey ?? row.thumbUrl),
  position: row.sort,
});

const first = (pictures: readonly MediaRow[], category: GameMediaCategory) => pictures.find((row) => row.category === category);

export function presentGameCard(game: GameRow, company: CompanyBrief, pictures: readonly MediaRow[], votes: number, files: FileUrls): GameCard {
  const icon = first(pictures, 'icon');
  const cover = first(pictures, 'cover');
  return {
    id: game.id,
    name: game.name,
    developer: game.developer,
    company: { id: company.id, name: company.name, logo_url: files.url(company.logoKey) },
    icon_url: icon ? files.url(icon.storageKey ?? icon.url) : null,
    cover_url: cover ? files.url(cover.storageKey ?? cover.url) : null,
    platforms: game.platforms,
    genre: game.genre,
    stage: game.stage,
    votes,
  };
}

export interface GameFacts {
  pictures: readonly MediaRow[];
  votes: number;
  team: Game['team'];
  canEdit: boolean;
}

export function presentGame(game: GameRow, company: CompanyBrief, facts: GameFacts, files: FileUrls): Game {
  return {
    ...presentGameCard(game, company, facts.pictures, facts.votes, files),
    description: game.description,
    budget: game.budget,
    pitch_deck_url: game.pitchDeckUrl,
    build_url: game.buildUrl,
    video_url: game.videoUrl,
    video_embed_url: trailerEmbedUrl(game.videoUrl),
    gameplay_url: game.gameplayUrl,
    planned_date: game.plannedDate,
    development_start: game.developmentStart,
    release_date: game.releaseDate,
    engine: game.engine,
    monetization: game.monetization,
    screenshots: facts.pictures.filter((row) => row.category === 'screenshot').map((row) => presentMedia(row, files)),
    links: game.links,
    team: facts.team,
    can_edit: facts.canEdit,
    created_at: game.createdAt.toISOString(),
    updated_at: game.updatedAt.toISOString(),
  };
}
