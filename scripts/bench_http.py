"""What the benchmark drivers share: calls to a running server with a session cookie, a
multipart body, and a Business shop registered, verified and logged in."""

import http.cookiejar
import json
import os
import sqlite3
import subprocess
import time
import urllib.request
import uuid


class Client:
    def __init__(self, url, work, binary):
        self.url, self.work, self.binary = url, work, binary
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, method, path, body=None, content_type="application/json"):
        """Seconds taken and the JSON answer."""
        data = json.dumps(body).encode() if content_type == "application/json" and body is not None else body
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": content_type} if data is not None else {})
        started = time.perf_counter()
        with self.opener.open(req, timeout=600) as reply:
            payload = reply.read()
        return time.perf_counter() - started, json.loads(payload)

    def shop(self, email):
        """A Business shop, verified (in the SQLite file) and logged in."""
        self.call("POST", "/api/stores", {
            "email": email, "password": "Cantiere2026!", "name": "Edilizia Benchmark",
            "description": "Negozio per misurare il servizio.", "address": "Via Roma 12",
            "city": "Roma", "postal_code": "00118", "telephone": "06 1234567", "plan": "free"})
        subprocess.run([self.binary, "shop", "set-plan", email, "business"], check=True, stdout=subprocess.DEVNULL)
        db = sqlite3.connect(os.path.join(self.work, "data", "vetrina.db"))
        db.execute("UPDATE users SET email_verified_at = CURRENT_TIMESTAMP WHERE email = ?", (email,))
        db.commit()
        db.close()
        self.jar.clear()
        self.call("POST", "/api/auth/login", {"email": email, "password": "Cantiere2026!"})


def multipart(fields, file_path):
    boundary = uuid.uuid4().hex
    out = bytearray()
    for k, v in fields.items():
        out += f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
    name = os.path.basename(file_path)
    out += f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
    with open(file_path, "rb") as f:
        out += f.read()
    out += f"\r\n--{boundary}--\r\n".encode()
    return bytes(out), f"multipart/form-data; boundary={boundary}"
