"""The VASSAL module writer: buildFile.xml + moduledata + images -> .vmod."""
