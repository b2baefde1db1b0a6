"""Save a tiny word-level tokenizer into a folder, for running AIPerf with nothing downloaded.

Run with the AIPerf environment's Python (it has ``tokenizers`` and ``transformers``):
``.venv-aiperf/bin/python tests/word_tokenizer.py OUT_DIR``. Every word of the stub server's
answers is one token, so AIPerf counts exactly the tokens the server was asked for.
"""

from __future__ import annotations

import sys

from tokenizers import Tokenizer, decoders, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast

WORDS = ["[UNK]", "[EOS]", "the", "of", "and", "to", "a", "in", "is", "that", "it", "was", "for", "on", "with"]


def main(out: str) -> None:
    model = models.WordLevel(vocab={word: i for i, word in enumerate(WORDS)}, unk_token="[UNK]")
    tokenizer = Tokenizer(model)
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer.decoder = decoders.WordPiece()
    PreTrainedTokenizerFast(tokenizer_object=tokenizer, unk_token="[UNK]", eos_token="[EOS]").save_pretrained(out)


if __name__ == "__main__":
    main(sys.argv[1])
