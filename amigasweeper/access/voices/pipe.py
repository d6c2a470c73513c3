"""A long-lived helper process spoken to in lines on its standard input, for
the voices that run one (espeak-ng, PowerShell with SAPI, osascript on macOS).
Used on a voice's worker thread only."""

from __future__ import annotations

import queue
import subprocess
import threading
from collections.abc import Mapping, Sequence
from typing import IO

from .voice_thread import VoiceError

# No console window flashes up for PowerShell on Windows.
_NO_WINDOW = getattr(subprocess, "CREATE_NO_WINDOW", 0)


class PipeProcess:
    def __init__(self, name: str, argv: Sequence[str], env: Mapping[str, str] | None = None) -> None:
        self.name = name
        self.argv = list(argv)
        self.env = dict(env) if env is not None else None
        self.process: subprocess.Popen[bytes] | None = None
        self._replies: queue.SimpleQueue[str] = queue.SimpleQueue()

    def start(self) -> None:
        try:
            self.process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                env=self.env, creationflags=_NO_WINDOW,
            )
        except OSError as error:
            raise VoiceError(f"{self.name} did not start: {error.strerror or error}") from None
        _, stdout = self._pipes()
        threading.Thread(target=self._read, args=(stdout,), name=f"{self.name}-replies", daemon=True).start()

    def _pipes(self) -> tuple[IO[bytes], IO[bytes]]:
        """The running process's input and output."""
        process = self.process
        if process is None:
            raise VoiceError(f"{self.name} is not running")
        # start() asked Popen for both as pipes, so both exist.
        assert process.stdin is not None and process.stdout is not None
        return process.stdin, process.stdout

    def _read(self, stdout: IO[bytes]) -> None:
        try:
            for raw in stdout:
                self._replies.put(raw.decode("utf-8", "replace").strip())
        except (OSError, ValueError):
            pass  # closed by close()

    def send(self, line: str) -> None:
        self.check()
        stdin, _ = self._pipes()
        try:
            stdin.write(line.encode("utf-8") + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self.check()
            raise VoiceError(f"{self.name} stopped reading") from None

    def replies(self) -> list[str]:
        found: list[str] = []
        while True:
            try:
                found.append(self._replies.get_nowait())
            except queue.Empty:
                return found

    def wait_reply(self, timeout: float) -> str | None:
        try:
            return self._replies.get(timeout=timeout)
        except queue.Empty:
            return None

    def check(self) -> None:
        """Raise VoiceError once the process has exited."""
        code = self.process.poll() if self.process is not None else None
        if code is not None:
            raise VoiceError(f"{self.name} exited with status {code}")

    def kill(self) -> None:
        """End the process at once, mid-line (espeak-ng's only way to stop speaking)."""
        process, self.process = self.process, None
        if process is None:
            return
        process.kill()
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        process.wait()

    def close(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(0.3)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(0.3)
            except subprocess.TimeoutExpired:
                process.kill()
        try:
            if process.stdout is not None:
                process.stdout.close()
        except OSError:
            pass
