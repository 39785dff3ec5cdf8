/** Query parameters and path parts that carry secrets; they never reach the logs. */
const SECRET_PARAMS = /([?&](?:token|code|ticket|state|refresh_token|access_token|id_token|password)=)[^&#]*/gi;
const SECRET_PATHS = /(\/auth\/magic\/|\/calendar\/feed\/(?!reset(?:[/?#]|$)))[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}
