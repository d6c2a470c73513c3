"""Every voice back-end against a fake of its program or API; finding voices."""

from __future__ import annotations

import base64
import re
import threading

import pytest
from fakes import FakeClock
from voice_fakes import (
    FakeJs,
    FakeSpeechDispatcher,
    FakeSpeechdModule,
    fake_program,
    needs_posix,
    read_log,
    wait_for,
)

from amigasweeper.access.narrator import LineKind, Narrator
from amigasweeper.access.voices import ChainVoice, NoVoice, find_voice
from amigasweeper.access.voices.base import estimated_seconds
from amigasweeper.access.voices.espeak import espeak_voice, fit_bytes
from amigasweeper.access.voices.lineproto import (
    MAC_SCRIPT,
    SAPI_SCRIPT,
    mac_voice,
    sapi_voice,
)
from amigasweeper.access.voices.pipe import PipeProcess
from amigasweeper.access.voices.speechd_module import SpeechdModuleSession, speechd_module_voice
from amigasweeper.access.voices.ssip import SSIPSession, address, escape, ssip_voice
from amigasweeper.access.voices.voice_thread import VoiceError
from amigasweeper.access.voices.web import LIVE_REGION_ID, WebSpeechVoice


@pytest.fixture
def voice_log(tmp_path, monkeypatch):
    path = tmp_path / "voice.log"
    monkeypatch.setenv("FAKE_VOICE_LOG", str(path))
    return path


# ------------------------------------------------------------------ espeak-ng
@needs_posix
def test_espeak_is_one_process_reading_lines(tmp_path, voice_log):
    clock = FakeClock()
    voice = espeak_voice(fake_program(tmp_path, "fake_espeak.py", "espeak-ng"), clock)
    try:
        voice.speak("C5, covered")
        assert voice.speaking()
        voice.speak("12 squares opened")
        said = wait_for(lambda: [e["line"] for e in read_log(voice_log) if "line" in e] == ["C5, covered", "12 squares opened"])
        assert said
        entries = read_log(voice_log)
        assert entries[0]["argv"] == ["--stdin"] and len({e["pid"] for e in entries}) == 1
        clock.advance(estimated_seconds("C5, covered") + estimated_seconds("12 squares opened") - 0.01)
        assert voice.speaking(), "espeak-ng says its lines one after the other"
        clock.advance(0.02)
        assert not voice.speaking(), "espeak-ng gives no word of finishing: the estimate lets go"
        voice.speak("A1, covered")
        voice.stop()
        voice.speak("B1, covered")
        wait_for(lambda: [e["line"] for e in read_log(voice_log) if "line" in e][-1:] == ["B1, covered"])
        pids = [e["pid"] for e in read_log(voice_log) if "argv" in e]
        assert len(pids) == 2, "cut off by ending its process and starting another"
        assert voice.problem is None
        assert voice.problem is None
    finally:
        voice.close()


@needs_posix
def test_espeak_that_dies_is_noticed(tmp_path, voice_log):
    voice = espeak_voice(fake_program(tmp_path, "fake_espeak.py", "espeak-ng"))
    voice.speak("die")
    assert wait_for(lambda: voice.problem) == "espeak-ng exited with status 3"
    assert not voice.speaking()
    voice.close()


def test_a_missing_program_is_a_reason_not_a_crash(tmp_path):
    voice = espeak_voice(str(tmp_path / "no-such-espeak"))
    assert "did not start" in wait_for(lambda: voice.problem)
    voice.speak("still fine")
    voice.close()


def test_a_long_line_is_cut_to_what_espeak_reads_at_a_character_boundary():
    cut = fit_bytes("é" * 600)
    assert len(cut.encode("utf-8")) <= 990 and cut == "é" * 495


# ------------------------------------------------------------------ speech-dispatcher (SSIP)
@pytest.fixture
def dispatcher():
    server = FakeSpeechDispatcher()
    yield server
    server.close()


def test_ssip_one_connection_that_follows_each_line_to_its_end(dispatcher):
    voice = ssip_voice({"SPEECHD_ADDRESS": dispatcher.address})
    try:
        voice.speak("C5, covered")
        wait_for(lambda: dispatcher.spoken == ["C5, covered"])
        assert dispatcher.commands[:3] == ["SET self CLIENT_NAME user:amigasweeper:narrator",
                                           "SET self NOTIFICATION end on", "SET self NOTIFICATION cancel on"]
        assert voice.speaking()
        dispatcher.finish()
        wait_for(lambda: not voice.speaking())
        voice.speak("12 squares opened")
        wait_for(lambda: len(dispatcher.spoken) == 2)
        voice.stop()
        wait_for(lambda: "CANCEL self" in dispatcher.commands)
        wait_for(lambda: not voice.speaking())
        assert dispatcher.connections == 1 and voice.problem is None
    finally:
        voice.close()
    wait_for(lambda: "QUIT" in dispatcher.commands)


def test_ssip_text_cannot_end_the_data_or_send_commands(dispatcher):
    voice = ssip_voice({"SPEECHD_ADDRESS": dispatcher.address})
    try:
        voice.speak(".hidden\r\n.\r\nQUIT")
        wait_for(lambda: dispatcher.spoken)
        assert dispatcher.spoken == [".hidden  .  QUIT"] and "QUIT" not in dispatcher.commands
    finally:
        voice.close()
    assert escape(".x") == b"..x\r\n.\r\n"


def test_ssip_server_going_away_is_noticed(dispatcher):
    voice = ssip_voice({"SPEECHD_ADDRESS": dispatcher.address})
    voice.speak("one")
    wait_for(lambda: dispatcher.spoken)
    dispatcher.hang_up()
    assert "closed the connection" in wait_for(lambda: voice.problem)
    voice.close()


def test_ssip_with_no_server_says_so():
    voice = ssip_voice({"SPEECHD_ADDRESS": "inet_socket:127.0.0.1:9"})
    assert "no speech-dispatcher answers at 127.0.0.1:9" in wait_for(lambda: voice.problem)


@needs_posix
def test_ssip_starts_a_server_that_is_not_running_and_says_when_it_still_does_not_answer(tmp_path, voice_log):
    spawn = fake_program(tmp_path, "fake_espeak.py", "speech-dispatcher")  # logs its arguments, starts nothing
    voice = ssip_voice({"XDG_RUNTIME_DIR": str(tmp_path)}, spawn=spawn)
    assert "was started but does not answer" in wait_for(lambda: voice.problem)
    assert read_log(voice_log)[0]["argv"] == ["--spawn"]


@pytest.mark.parametrize("given", ["tcp:evil", "inet_socket:host", "inet_socket:h:99999", "inet_socket:a b:1",
                                   "unix_socket:", "inet_socket:127.0.0.1:6560; rm -rf ~"])
def test_a_malformed_speechd_address_is_refused(given):
    with pytest.raises(VoiceError, match="SPEECHD_ADDRESS"):
        address({"SPEECHD_ADDRESS": given})


def test_the_socket_is_found_where_speech_dispatcher_puts_it(tmp_path):
    assert str(address({"XDG_RUNTIME_DIR": str(tmp_path)})).endswith("speech-dispatcher/speechd.sock".replace("/", __import__("os").sep))
    with pytest.raises(VoiceError, match="XDG_RUNTIME_DIR"):
        address({})


# ------------------------------------------------------------------ the speechd module
def test_the_speechd_module_speaks_and_its_callbacks_end_lines():
    module = FakeSpeechdModule()
    voice = speechd_module_voice(module)
    try:
        voice.speak("C5, 2")
        client = wait_for(lambda: module.clients and module.clients[0].said and module.clients[0])
        text, callback, kinds = client.said[0]
        assert text == "C5, 2" and kinds == ("end", "cancel") and client.name[0] == "amigasweeper"
        assert voice.speaking()
        threading.Thread(target=callback, args=("end",)).start()  # the library calls back on its own thread
        wait_for(lambda: not voice.speaking())
        voice.speak("x")
        voice.stop()
        wait_for(lambda: client.cancels == 1)
    finally:
        voice.close()
    assert client.closed


def test_the_speechd_module_refusing_to_connect_is_a_reason():
    voice = speechd_module_voice(FakeSpeechdModule(refuse="no server"))
    assert "did not connect: no server" in wait_for(lambda: voice.problem)


def test_a_session_used_before_it_opens_or_after_it_closes_says_so(dispatcher):
    """The worker never does it; if it did, a VoiceError (which ends the voice
    with its reason) and not an AttributeError from deep inside."""
    speechd = SpeechdModuleSession(FakeSpeechdModule())
    ssip = SSIPSession(address({"SPEECHD_ADDRESS": dispatcher.address}))
    pipe = PipeProcess("espeak-ng", ["no-such-espeak"])
    for act, why in [(lambda: speechd.speak("A1"), "speech-dispatcher (speechd module) is not connected"),
                     (speechd.stop, "speech-dispatcher (speechd module) is not connected"),
                     (lambda: ssip.speak("A1"), "speech-dispatcher is not connected"),
                     (ssip.poll, "speech-dispatcher is not connected"),
                     (lambda: pipe.send("A1"), "espeak-ng is not running")]:
        with pytest.raises(VoiceError, match=re.escape(why)):
            act()
    ssip.open()
    ssip.speak("one")
    wait_for(lambda: dispatcher.spoken)
    ssip.close()
    with pytest.raises(VoiceError, match="speech-dispatcher is not connected"):
        ssip.speak("two")


# ------------------------------------------------------------------ SAPI and macOS helpers
@needs_posix
@pytest.mark.parametrize(("make", "script"), [(sapi_voice, SAPI_SCRIPT), (mac_voice, MAC_SCRIPT)], ids=["sapi", "mac"])
def test_the_helper_gets_its_script_and_says_lines_until_asked_done(tmp_path, voice_log, make, script):
    voice = make(fake_program(tmp_path, "fake_helper.py", "helper"))
    try:
        voice.speak("Näher, C5 — 2")
        assert voice.speaking()
        wait_for(lambda: any(e.get("say") == "Näher, C5 — 2" for e in read_log(voice_log)))
        wait_for(lambda: not voice.speaking())  # the helper answered idle after its 0.3 s
        voice.speak("long line")
        voice.stop()
        wait_for(lambda: any(e.get("stop") for e in read_log(voice_log)))
        argv = read_log(voice_log)[0]["argv"]
        if make is sapi_voice:
            assert argv[:4] == ["-NoLogo", "-NoProfile", "-NonInteractive", "-EncodedCommand"]
            assert base64.b64decode(argv[4]).decode("utf-16-le") == script
        else:
            assert argv == ["-l", "JavaScript", "-e", script]
        assert len({e["pid"] for e in read_log(voice_log)}) == 1 and voice.problem is None
    finally:
        voice.close()


@needs_posix
def test_a_helper_that_reports_an_error_gives_its_reason(tmp_path, voice_log, monkeypatch):
    monkeypatch.setenv("FAKE_HELPER_MODE", "error")
    voice = sapi_voice(fake_program(tmp_path, "fake_helper.py", "powershell"))
    assert wait_for(lambda: voice.problem) == "SAPI: no voices installed"


@needs_posix
def test_a_slow_helper_never_holds_up_the_caller(tmp_path, voice_log, monkeypatch):
    monkeypatch.setenv("FAKE_HELPER_MODE", "silent")
    voice = sapi_voice(fake_program(tmp_path, "fake_helper.py", "powershell"))
    for n in range(100):  # the worker is still waiting for "ready": these only queue
        voice.speak(f"line {n}")
    assert voice.speaking() and voice.problem is None and voice.dropped > 0
    voice.close()


# ------------------------------------------------------------------ the browser
def test_the_browser_speaks_and_fills_a_live_region_beside_the_canvas():
    page = FakeJs()
    voice = WebSpeechVoice(page)
    voice.speak("C5, covered")
    voice.speak("C5, covered")
    region = page.document.getElementById(LIVE_REGION_ID)
    assert region.attributes["aria-live"] == "polite" and region.attributes["role"] == "status"
    assert "display" not in region.attributes["style"]
    assert page.document.body.children == [region]
    assert page.document.announced == ["C5, covered", "C5, covered"], "a repeated line is announced again"
    assert page.speechSynthesis.utterances == ["C5, covered", "C5, covered"]
    assert voice.speaking()
    voice.stop()
    assert page.speechSynthesis.cancels == 1 and not voice.speaking()
    assert WebSpeechVoice(page).region is region, "a second voice reuses the region"


def test_a_browser_without_speech_still_fills_the_live_region_at_a_reading_pace():
    clock = FakeClock()
    page = FakeJs(speech=False)
    voice = WebSpeechVoice(page, clock)
    assert voice.problem is None
    voice.speak("12 squares opened")
    assert voice.speaking()
    clock.advance(estimated_seconds("12 squares opened"))
    assert not voice.speaking() and page.document.announced == ["12 squares opened"]


def test_a_browser_that_throws_is_a_reason():
    page = FakeJs()

    def refuse(_):
        raise RuntimeError("NotAllowedError")

    page.speechSynthesis.speak = refuse
    voice = WebSpeechVoice(page)
    voice.speak("x")
    assert "NotAllowedError" in voice.problem


# ------------------------------------------------------------------ finding a voice
def none_installed(_name):
    return None


def test_with_no_voice_the_reason_names_every_one_tried():
    with pytest.raises(NoVoice) as caught:
        find_voice("linux", none_installed, {}, import_module=lambda name: (_ for _ in ()).throw(ImportError(name)))
    why = str(caught.value)
    assert "speechd Python module is not installed" in why and "speech-dispatcher is not installed" in why
    assert "espeak-ng is not installed" in why
    with pytest.raises(NoVoice, match="powershell.exe"):
        find_voice("win32", none_installed, {})
    with pytest.raises(NoVoice, match="osascript"):
        find_voice("darwin", none_installed, {})
    with pytest.raises(NoVoice, match="Web Speech"):
        find_voice("emscripten", none_installed, {})  # no `js` module outside the browser


@needs_posix
def test_linux_falls_back_from_a_dead_speech_dispatcher_to_espeak(tmp_path, voice_log):
    espeak = fake_program(tmp_path, "fake_espeak.py", "espeak-ng")
    programs = {"espeak-ng": espeak}
    voice = find_voice("linux", programs.get, {"SPEECHD_ADDRESS": "inet_socket:127.0.0.1:9"},
                       import_module=lambda name: (_ for _ in ()).throw(ImportError(name)))
    assert isinstance(voice, ChainVoice)
    try:
        wait_for(lambda: voice.name == "espeak-ng")
        assert any("no speech-dispatcher answers" in r for r in voice.reasons)
        voice.speak("C5, 2")
        wait_for(lambda: any(e.get("line") == "C5, 2" for e in read_log(voice_log)))
    finally:
        voice.close()


def test_linux_prefers_the_speechd_module(tmp_path):
    module = FakeSpeechdModule()
    voice = find_voice("linux", none_installed, {}, import_module=lambda name: module)
    assert voice.name == "speech-dispatcher"
    voice.close()


@needs_posix
def test_each_system_finds_its_own_helper(tmp_path, voice_log):
    helper = fake_program(tmp_path, "fake_helper.py", "helper")
    for platform, program, name in (("win32", "powershell.exe", "SAPI"), ("darwin", "osascript", "macOS speech")):
        voice = find_voice(platform, {program: helper}.get, {})
        assert voice.name == name
        voice.close()


def test_when_every_voice_dies_the_chain_gives_every_reason():
    module = FakeSpeechdModule(refuse="no server")
    voice = find_voice("linux", none_installed, {}, import_module=lambda name: module)
    assert wait_for(lambda: voice.problem)
    assert "no server" in voice.problem and "espeak-ng is not installed" in voice.problem


@needs_posix
def test_the_narrator_speaks_through_a_real_process_without_waiting(tmp_path, voice_log):
    """The whole path: lines filed, frames run, the fake espeak-ng hears them in order."""
    narr = Narrator(espeak_voice(fake_program(tmp_path, "fake_espeak.py", "espeak-ng")))
    try:
        narr.say(LineKind.CURSOR, "A1, covered")
        narr.say(LineKind.RESULT, "1 square opened")
        wait_for(lambda: (narr.update(), len([e for e in read_log(voice_log) if "line" in e]) == 2)[1])
        # The cursor line waits for the keys to be still; what the move did goes first.
        assert [e["line"] for e in read_log(voice_log) if "line" in e] == ["1 square opened", "A1, covered"]
    finally:
        narr.close()
