"""Harbor's API: signs a user in once Apple's keys vouch for the identity token."""

import jwt
from fastapi import FastAPI, HTTPException
from jwt import PyJWKClient
from pydantic import BaseModel

APPLE_ISSUER = "https://appleid.apple.com"
APPLE_KEYS = PyJWKClient("https://appleid.apple.com/auth/keys")
BUNDLE_ID = "org.harbor.app"

app = FastAPI()


class AppleSignIn(BaseModel):
    identity_token: str
    nonce: str


def verify_identity_token(token: str) -> dict:
    key = APPLE_KEYS.get_signing_key_from_jwt(token)
    return jwt.decode(token, key.key, algorithms=["RS256"], audience=BUNDLE_ID, issuer=APPLE_ISSUER)


@app.post("/api/auth/apple")
def apple_sign_in(body: AppleSignIn) -> dict:
    try:
        claims = verify_identity_token(body.identity_token)
    except jwt.PyJWTError as error:
        raise HTTPException(status_code=401, detail="invalid identity token") from error
    if claims.get("nonce") != body.nonce:
        raise HTTPException(status_code=401, detail="nonce mismatch")
    return {"user": claims["sub"], "email": claims.get("email")}
