"""Windows SAPI and macOS speech through one long-lived helper each, spoken
to in a small line protocol on its standard input:

    say <base64 of the UTF-8 text>     start saying a line (cuts off the last)
    stop                               stop saying
    ask                                answer one line: speaking or idle

The helper first answers ``ready``, or ``error <why>`` and exits. The text
goes as base64, so no character in it can end a line or be read as a
command, whatever the console's code page.

- Windows: Windows PowerShell (powershell.exe, which every Windows since 7
  has) running SAPI_SCRIPT: System.Speech's SpeechSynthesizer, SpeakAsync.
  PowerShell takes about a second to start; the worker thread waits for it,
  never the game.
- macOS: osascript running MAC_SCRIPT (JavaScript for Automation):
  NSSpeechSynthesizer with the voice chosen in System Settings.
"""

from __future__ import annotations

import base64
import time

from .base import Clock
from .pipe import PipeProcess
from .voice_thread import VoiceError, WorkerVoice

ASK_SECONDS = 0.1  # how often a speaking helper is asked whether it has finished
START_SECONDS = 10.0  # how long a helper may take to say ready

SAPI_SCRIPT = r"""
$ErrorActionPreference = 'Stop'
try {
    Add-Type -AssemblyName System.Speech
    $voice = New-Object System.Speech.Synthesis.SpeechSynthesizer
    $voice.SetOutputToDefaultAudioDevice()
} catch {
    [Console]::Out.WriteLine('error ' + $_.Exception.Message)
    exit 1
}
$last = $null
[Console]::Out.WriteLine('ready')
while ($null -ne ($line = [Console]::In.ReadLine())) {
    $verb, $rest = $line.Split(' ', 2)
    if ($verb -eq 'say') {
        $voice.SpeakAsyncCancelAll()
        $text = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String($rest))
        $last = $voice.SpeakAsync($text)
    } elseif ($verb -eq 'stop') {
        $voice.SpeakAsyncCancelAll()
    } elseif ($verb -eq 'ask') {
        if ($null -ne $last -and -not $last.IsCompleted) { $answer = 'speaking' } else { $answer = 'idle' }
        [Console]::Out.WriteLine($answer)
    }
}
"""

MAC_SCRIPT = r"""
ObjC.import('AppKit');
var synth = $.NSSpeechSynthesizer.alloc.initWithVoice($());
var input = $.NSFileHandle.fileHandleWithStandardInput;
var output = $.NSFileHandle.fileHandleWithStandardOutput;
function reply(text) {
    output.writeData($(text + '\n').dataUsingEncoding($.NSUTF8StringEncoding));
}
function obey(line) {
    var space = line.indexOf(' ');
    var verb = space < 0 ? line : line.slice(0, space);
    if (verb === 'say') {
        var data = $.NSData.alloc.initWithBase64EncodedStringOptions($(line.slice(space + 1)), 0);
        synth.startSpeakingString($.NSString.alloc.initWithDataEncoding(data, $.NSUTF8StringEncoding));
    } else if (verb === 'stop') {
        synth.stopSpeaking;
    } else if (verb === 'ask') {
        reply(synth.isSpeaking ? 'speaking' : 'idle');
    }
}
reply('ready');
var pending = '';
for (;;) {
    var data = input.availableData;
    if (data.length === 0) break;
    pending += $.NSString.alloc.initWithDataEncoding(data, $.NSUTF8StringEncoding).js;
    var lines = pending.split('\n');
    pending = lines.pop();
    lines.forEach(obey);
}
"""


def powershell_command(program: str) -> list[str]:
    """PowerShell reading SAPI_SCRIPT from its command line (-EncodedCommand
    takes base64 UTF-16: no quoting, no execution-policy prompt)."""
    encoded = base64.b64encode(SAPI_SCRIPT.encode("utf-16-le")).decode("ascii")
    return [program, "-NoLogo", "-NoProfile", "-NonInteractive", "-EncodedCommand", encoded]


def osascript_command(program: str) -> list[str]:
    return [program, "-l", "JavaScript", "-e", MAC_SCRIPT]


class LineProtocolSession:
    def __init__(self, name: str, argv: list[str], clock: Clock = time.monotonic) -> None:
        self.name = name
        self.pipe = PipeProcess(name, argv)
        self.clock = clock
        self._outstanding = 0  # asks not yet answered
        self._stale = 0  # of which asked before the last line was sent
        self._speaking = False
        self._asked_at = 0.0

    def open(self) -> None:
        self.pipe.start()
        first = self.pipe.wait_reply(START_SECONDS)
        if first is None:
            self.pipe.check()
            raise VoiceError(f"{self.name} did not answer within {START_SECONDS:g} seconds")
        if first.startswith("error"):
            raise VoiceError(f"{self.name}: {first[len('error'):].strip() or 'it did not start'}")
        if first != "ready":
            raise VoiceError(f"{self.name} answered {first[:60]!r} where it should say ready")

    def speak(self, text: str) -> None:
        self.pipe.send("say " + base64.b64encode(text.encode("utf-8")).decode("ascii"))
        self._stale = self._outstanding
        self._speaking = True

    def stop(self) -> None:
        self.pipe.send("stop")
        self._stale = self._outstanding
        self._speaking = False

    def poll(self) -> bool | None:
        self.pipe.check()
        for reply in self.pipe.replies():
            if reply not in ("speaking", "idle") or not self._outstanding:
                continue  # nothing we asked for
            self._outstanding -= 1
            if self._stale:
                self._stale -= 1
            else:
                self._speaking = reply == "speaking"
        now = self.clock()
        if self._speaking and not self._outstanding and now - self._asked_at >= ASK_SECONDS:
            self.pipe.send("ask")
            self._outstanding += 1
            self._asked_at = now
        return self._speaking

    def close(self) -> None:
        self.pipe.close()


def sapi_voice(program: str, clock: Clock = time.monotonic) -> WorkerVoice:
    return WorkerVoice("SAPI", lambda: LineProtocolSession("SAPI", powershell_command(program)), clock)


def mac_voice(program: str, clock: Clock = time.monotonic) -> WorkerVoice:
    return WorkerVoice("macOS speech", lambda: LineProtocolSession("macOS speech", osascript_command(program)), clock)
