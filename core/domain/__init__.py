"""What a plan request is written in: catalog, request, terms, formats, results' parts."""
