#!/usr/bin/python3
"""Shortens the long licence text in the `name` table of the PDF fonts.

pdfkit (under @react-pdf/renderer) compares fonts by JSON-stringifying their
name records on every font switch; DejaVu's 9.5 kB licence description made
that the single biggest cost of rendering a schedule PDF. The licence itself
stays intact beside the fonts (assets/fonts/LICENSE-DejaVu.txt); the record
now points there. Run once after replacing a font (needs Debian's
python3-fonttools):  /usr/bin/python3 scripts/fonts/slim-font-names.py
"""
import pathlib
from fontTools.ttLib import TTFont

POINTER = ("Bitstream Vera Fonts licence; DejaVu changes are in the public domain. "
           "Full text: LICENSE-DejaVu.txt beside this file and "
           "http://dejavu.sourceforge.net/wiki/index.php/License")
LICENSE_DESCRIPTION = 13

for path in sorted(pathlib.Path(__file__).resolve().parents[2].joinpath("assets", "fonts").glob("*.ttf")):
    font = TTFont(path)
    table = font["name"]
    for record in table.names:
        if record.nameID == LICENSE_DESCRIPTION:
            record.string = POINTER
    font.save(path)
    print(f"{path.name}: {sum(len(r.toUnicode()) for r in table.names)} characters of name records")
