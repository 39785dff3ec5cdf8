/** The same server and credentials, another database. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Creating and dropping databases happens from the database named in DATABASE_URL. */
export const adminUrl = (url: string): string => url;
