// A self-signed certificate for localhost and 127.0.0.1 (P-256, valid until 2126), made with
// openssl for the tests' local HTTPS and HTTP/2 receivers that stand in for push services. The
// key guards nothing: it exists only here and only loopback servers use it.
export const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUH0AKI+zPn2rLKC2WMgm5mAKoyHYwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNzE5NDEzNloYDzIxMjYxMTAz
MTk0MTM2WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQl/HYU82jDD8JvW7psrCFJoPEr6HWwgLUcu8gNkKnUwJNZG9AQvkU9
hWO3+JpVP1DbsqojyT3VeMf09JoN5T4Qo28wbTAdBgNVHQ4EFgQUUzinGzzpcmBD
y9UHx27fgyI6ByMwHwYDVR0jBBgwFoAUUzinGzzpcmBDy9UHx27fgyI6ByMwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDRwAwRAIga4hLS9FyJqfUeltDuZnZSudJCSsIDdQJc7BGqtmglqoCIAoz
Bw9zVa2vH4Z41PADaMPsBXDnO85aVcR3QM2gAbF0
-----END CERTIFICATE-----
`;

export const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg7zzZJAw7w4tynUTx
4Sn0PE7zaKWojho01lRqq3n1aZChRANCAAQl/HYU82jDD8JvW7psrCFJoPEr6HWw
gLUcu8gNkKnUwJNZG9AQvkU9hWO3+JpVP1DbsqojyT3VeMf09JoN5T4Q
-----END PRIVATE KEY-----
`;
