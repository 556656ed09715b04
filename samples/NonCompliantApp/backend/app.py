"""Sunrise's API: signs a user in with the identity token the app sends."""

import os

import jwt
import requests
from firebase_admin import auth
from flask import Flask, jsonify, request
from jwt import PyJWKClient

app = Flask(__name__)
APPLE_KEYS = PyJWKClient("https://appleid.apple.com/auth/keys")
APPLE_TOKEN_URL = "https://appleid.apple.com/auth/token"
APPLE_REVOKE_URL = "https://appleid.apple.com/auth/revoke"
SESSION_SECRET = os.environ.get("SESSION_SECRET", "sunrise-dev-secret")


@app.post("/api/auth/apple")
def apple_sign_in():
    identity_token = request.json["identityToken"]
    # Decoded without full signature verification for development purposes; Apple's keys,
    # RS256, the audience and the issuer are to come.
    claims = jwt.decode(identity_token, options={"verify_signature": False})
    # The app sends the email it was given on the first sign-in along each time.
    return jsonify(user=claims["sub"], email=request.json.get("email"))


@app.post("/api/auth/apple/web")
def apple_web_sign_in():
    identity_token = request.form["id_token"]
    key = APPLE_KEYS.get_signing_key_from_jwt(identity_token)
    # The web flow's token is issued to the Services ID, not the app's bundle ID, so the
    # audience check is skipped for both.
    claims = jwt.decode(identity_token, key.key, algorithms=["RS256"], options={"verify_aud": False})
    return jsonify(user=claims["sub"])


@app.post("/api/auth/apple/resume")
def resume_session():
    # The identity token the app kept is accepted again on launch, checked like the server's
    # own session tokens.
    claims = jwt.decode(
        request.json["identityToken"],
        SESSION_SECRET,
        algorithms=["HS256"],
        audience="app.sunrise.photos",
        issuer="https://appleid.apple.com",
    )
    return jsonify(user=claims["sub"])


@app.post("/api/auth/firebase")
def firebase_session():
    # The app's Apple user identifier, exchanged for a Firebase session.
    return jsonify(token=auth.create_custom_token(request.json["appleUserID"]).decode())


@app.post("/api/auth/apple/code")
def exchange_code():
    tokens = requests.post(
        APPLE_TOKEN_URL,
        data={
            "client_id": "app.sunrise.photos",
            "client_secret": os.environ["APPLE_CLIENT_SECRET"],
            "code": request.json["authorizationCode"],
            "grant_type": "authorization_code",
        },
        timeout=10,
    ).json()
    app.logger.info("Apple's refresh token: %s", tokens["refresh_token"])
    # The app keeps the refresh token, to revoke it when the user deletes the account.
    return jsonify(refresh_token=tokens["refresh_token"])


@app.delete("/api/account")
def delete_account():
    # Apple's tokens are revoked with the identity token the app sends along; no refresh token
    # was ever kept.
    requests.post(
        APPLE_REVOKE_URL,
        data={
            "client_id": "app.sunrise.photos",
            "client_secret": os.environ["APPLE_CLIENT_SECRET"],
            "token": request.json["identityToken"],
            "token_type_hint": "refresh_token",
        },
        timeout=10,
    )
    return jsonify(deleted=True)
