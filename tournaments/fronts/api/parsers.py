"""The API's JSON parser: DRF's, with a request nested too deep to read (an array 100,000 levels
deep) refused as a bad request (400) instead of failing the server (RecursionError: a 500)."""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - nested too deeply") from None
