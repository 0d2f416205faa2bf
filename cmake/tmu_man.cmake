# Writes the manual page: cmake -DTMU=path/to/tmu -DOUT=tmu.1 -P tmu_man.cmake
# (the page is `tmu help --man`, generated from the help texts of the tmu just built).
execute_process(COMMAND ${TMU} help --man OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "tmu help --man failed: ${rc}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
