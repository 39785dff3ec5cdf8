// Stream recordings: product.md section 4 (start, stop, saved after processing) and contract.md
// sections 3, 8 and 9, in the calls of contract recordings.ts.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { acceptRawBodies, rawUpload } from './body.ts';
import { receiveJitsiRecording } from './hook.ts';
import { processRecordingHandler, removeRecordingFilesHandler, watchRecordingHandler } from './jobs.ts';
import { PROCESS_RECORDING_JOB, REMOVE_RECORDING_FILES_JOB, WATCH_RECORDING_JOB } from './kinds.ts';
import { getRecording, startRecording, stopRecording, uploadPart, uploadPoster, type RecordingsContext } from './service.ts';
import { sendPoster, sendVideo } from './video.ts';

export async function recordingRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const ctx: RecordingsContext = { db, files: deps.files, publicUrl: config.publicUrl, maxBytes: config.recordings.maxBytes, nudge: () => deps.jobs.nudge(), log: app.log };
  deps.jobs.register(PROCESS_RECORDING_JOB, processRecordingHandler(ctx));
  deps.jobs.register(WATCH_RECORDING_JOB, watchRecordingHandler(ctx));
  deps.jobs.register(REMOVE_RECORDING_FILES_JOB, removeRecordingFilesHandler(ctx));
  const place = (params: { eventId: number; room: string }) => ({ eventId: params.eventId, room: params.room });

  registerRoute(app, routes.startRecording, async ({ params, body, request }) => ({ data: await startRecording(ctx, accessSource(request, db), requireActor(request).userId, place(params), body) }));
  registerRoute(app, routes.getRecording, async ({ params, request }) => ({ data: await getRecording(ctx, accessSource(request, db), place(params), params.id) }));
  registerRoute(app, routes.stopRecording, async ({ params, body, request }) => ({ data: await stopRecording(ctx, accessSource(request, db), requireActor(request).userId, place(params), params.id, body?.parts) }));
  // The raw uploads in their own scope, so their body handling exists for them alone.
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    registerRoute(scope, routes.uploadRecordingPart, async ({ params, request }) => ({ data: await uploadPart(ctx, accessSource(request, db), requireActor(request).userId, place(params), params.id, params.seq, rawUpload(request)) }));
    registerRoute(scope, routes.uploadRecordingPoster, async ({ params, request }) => ({ data: await uploadPoster(ctx, accessSource(request, db), requireActor(request).userId, place(params), params.id, rawUpload(request)) }));
  });
  registerRoute(app, routes.jitsiRecordingHook, async ({ body, request }) => receiveJitsiRecording(db, config.recordings.hookSecret, request.headers.authorization, body));
  registerRoute(app, routes.recordingVideo, async ({ params, request, reply }) => sendVideo(db, deps.files, params.token, request.headers.range, reply));
  registerRoute(app, routes.recordingPoster, async ({ params, reply }) => sendPoster(db, deps.files, params.token, reply));
}
