// The durable jobs of recordings (jobs.ts has their handlers).
export const PROCESS_RECORDING_JOB = 'recordings.process';
export const WATCH_RECORDING_JOB = 'recordings.watch';
export const REMOVE_RECORDING_FILES_JOB = 'recordings.remove_files';
